import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { readMailEx } from "../server/src/ai/intent/corpora";
import { DEFAULT_MODEL_FILE, encodeIntentModel } from "../server/src/ai/intent/model";
import { trainIntentModel } from "../server/src/ai/intent/training";

/**
 * `npm run train:intent -- --data <dir> [--out <file>]`: trains the built-in engine's request
 * classifier on the data sets in <dir> (email-intent/train.tsv and mailex-actions.json), chooses its
 * threshold and the engine's two cut-offs on them (see server/src/ai/intent/training.ts), and writes
 * the model file (by default the committed server/src/ai/intent/model.bin). Deterministic: the
 * same data always gives the same file. The data sets themselves are never committed.
 */

const { values } = parseArgs({
  options: { data: { type: "string" }, out: { type: "string" } },
});
if (!values.data) {
  console.error("usage: npm run train:intent -- --data <dir with email-intent/ and mailex-actions.json>");
  process.exit(2);
}
const dataDir = path.resolve(values.data);
const out = path.resolve(values.out ?? DEFAULT_MODEL_FILE);
const started = performance.now();
const model = trainIntentModel(dataDir, readMailEx(dataDir));
const file = encodeIntentModel(model);
writeFileSync(out, file);
const used = model.weights.reduce((count, weight) => count + (weight === 0 ? 0 : 1), 0);
console.log(
  `${out}: ${used} of ${model.weights.length} feature slots used, threshold ${model.threshold}, ` +
    `cut-offs ${model.cutOffs.withCue} with a cue / ${model.cutOffs.withoutCue} without, ` +
    `${(file.length / 1024).toFixed(0)} KiB, trained in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
