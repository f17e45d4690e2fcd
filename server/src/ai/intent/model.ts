import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { featuresOf } from "./features";
import { probability, type LogisticModel } from "./logistic";
import { readSentence } from "./reader";

/**
 * The trained request classifier: "does this sentence ask the reader for something?". Its weights
 * live in model.json beside this file, written by `npm run train:intent`; INTENT_MODEL_FILE names
 * another file (the bench's cross-validation scores each e-mail with a model that never saw it).
 */

export interface IntentModelFile {
  format: "tasklane-intent-logistic-1";
  /** A sentence whose probability reaches it is a request */
  threshold: number;
  trainedOn: string[];
  weights: Record<string, number>;
}

export interface IntentModel extends LogisticModel {
  threshold: number;
}

export const DEFAULT_MODEL_FILE = fileURLToPath(new URL("./model.json", import.meta.url));

export function loadIntentModel(file: string = DEFAULT_MODEL_FILE): IntentModel {
  const data = JSON.parse(readFileSync(file, "utf8")) as IntentModelFile;
  if (data.format !== "tasklane-intent-logistic-1")
    throw new Error(`${file} is not a request-classifier model`);
  return { threshold: data.threshold, weights: new Map(Object.entries(data.weights)) };
}

let loaded: IntentModel | undefined;

/** The model in use, read once (the first extraction or the server's start) and kept. */
export function intentModel(): IntentModel {
  loaded ??= loadIntentModel(process.env.INTENT_MODEL_FILE || DEFAULT_MODEL_FILE);
  return loaded;
}

/** The probability that the sentence asks the reader for something. */
export function requestProbability(sentence: string, model: IntentModel = intentModel()): number {
  return probability(model, featuresOf(readSentence(sentence)));
}
