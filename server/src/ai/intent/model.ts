import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { featureSlots } from "./features";
import { probability, type LogisticModel } from "./logistic";
import { readSentences } from "./reader";

/**
 * The trained request classifier: "does this sentence ask the reader for something?". Its weights
 * live in model.bin beside this file, written by `npm run train:intent`; INTENT_MODEL_FILE names
 * another file (the bench's cross-validation scores each e-mail with a model that never saw it).
 *
 * The file is binary so that the server reads it in about a millisecond: "TLIR", the length of a
 * JSON header (little-endian u32), the header (format, feature bits, threshold, the engine's two
 * cut-offs, bias, the scale of the weights, what it was trained on), zero padding to a multiple of 4 bytes, then one weight
 * per hashed feature slot as a little-endian int16 times the scale (2^18 slots: 512 KiB).
 */

const MAGIC = "TLIR";
const FORMAT = "tasklane-intent-hashed-2";
const INT16_MAX = 32_767;

export interface IntentModel extends LogisticModel {
  /** Size of the hashed feature space, as a power of two */
  bits: number;
  /** A sentence whose probability reaches it is a request (the best F1 on single sentences) */
  threshold: number;
  /** The engine's operating points, chosen by the training script on whole training e-mails */
  cutOffs: CutOffs;
  /** The data sets the model learned from, for the record */
  trainedOn: string[];
}

/**
 * When the engine takes a sentence for a request: with a rule's cue ("please…", "can you…", an
 * imperative verb first) the classifier need only not rule it out (probability ≥ withCue); with
 * no cue it must be sure enough on its own (≥ withoutCue).
 */
export interface CutOffs {
  withCue: number;
  withoutCue: number;
}

interface Header {
  format: typeof FORMAT;
  bits: number;
  threshold: number;
  cutOffs: CutOffs;
  bias: number;
  scale: number;
  trainedOn: string[];
}

export const DEFAULT_MODEL_FILE = fileURLToPath(new URL("./model.bin", import.meta.url));

/** The model as written to disk: weights rounded to 16 bits, ample for a linear classifier. */
export function encodeIntentModel(model: IntentModel): Buffer {
  const largest = model.weights.reduce((max, weight) => Math.max(max, Math.abs(weight)), 0);
  const scale = largest > 0 ? largest / INT16_MAX : 1;
  const header: Header = {
    format: FORMAT,
    bits: model.bits,
    threshold: model.threshold,
    cutOffs: model.cutOffs,
    bias: model.bias,
    scale,
    trainedOn: model.trainedOn,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), "utf8");
  const weightsAt = Math.ceil((8 + headerBytes.length) / 4) * 4;
  const buffer = Buffer.alloc(weightsAt + 2 * model.weights.length);
  buffer.write(MAGIC, 0, "latin1");
  buffer.writeUInt32LE(headerBytes.length, 4);
  headerBytes.copy(buffer, 8);
  model.weights.forEach((weight, slot) => {
    buffer.writeInt16LE(Math.round(weight / scale), weightsAt + 2 * slot);
  });
  return buffer;
}

export function decodeIntentModel(buffer: Buffer, name = "the model"): IntentModel {
  if (buffer.length < 8 || buffer.toString("latin1", 0, 4) !== MAGIC)
    throw new Error(`${name} is not a request-classifier model`);
  const headerLength = buffer.readUInt32LE(4);
  const header = JSON.parse(buffer.toString("utf8", 8, 8 + headerLength)) as Header;
  const weightsAt = Math.ceil((8 + headerLength) / 4) * 4;
  const slots = 2 ** header.bits;
  if (header.format !== FORMAT || buffer.length !== weightsAt + 2 * slots)
    throw new Error(`${name} is not a request-classifier model of format ${FORMAT}`);
  const view = new DataView(buffer.buffer, buffer.byteOffset + weightsAt, 2 * slots);
  const weights = new Float32Array(slots);
  for (let slot = 0; slot < slots; slot += 1) weights[slot] = view.getInt16(2 * slot, true) * header.scale;
  return {
    bits: header.bits,
    threshold: header.threshold,
    cutOffs: header.cutOffs,
    bias: header.bias,
    weights,
    trainedOn: header.trainedOn,
  };
}

export function loadIntentModel(file: string = DEFAULT_MODEL_FILE): IntentModel {
  return decodeIntentModel(readFileSync(file), file);
}

let loaded: IntentModel | undefined;

/** The model in use, read once (the first extraction or the server's start) and kept. */
export function intentModel(): IntentModel {
  loaded ??= loadIntentModel(process.env.INTENT_MODEL_FILE || DEFAULT_MODEL_FILE);
  return loaded;
}

/** The probability that each sentence asks the reader for something (read in one document). */
export function requestProbabilities(
  sentences: readonly string[],
  model: IntentModel = intentModel(),
): number[] {
  return readSentences(sentences).map((sentence) => probability(model, featureSlots(sentence, model.bits)));
}

/** The probability that the sentence asks the reader for something. */
export function requestProbability(sentence: string, model: IntentModel = intentModel()): number {
  return requestProbabilities([sentence], model)[0]!;
}
