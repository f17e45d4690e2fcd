import { mailExSentences, readEmailIntent, type LabelledSentence, type MailExCase } from "./corpora";
import { featuresOf } from "./features";
import { serialiseWeights, train, type Example, type TrainOptions } from "./logistic";
import type { IntentModelFile } from "./model";
import { readSentence } from "./reader";

/**
 * How the committed model is trained: logistic regression on EmailIntent's training sentences and
 * on the sentences of MailEx e-mails. MailEx asks the question the product asks ("is the reader
 * asked to act?") while EmailIntent's "Yes" also covers proposals and sales pitches, so a MailEx
 * sentence counts MAILEX_WEIGHT times as much.
 */

export const MAILEX_WEIGHT = 3;
export const THRESHOLD = 0.65;
export const INTENT_TRAIN_OPTIONS: TrainOptions = {
  epochs: 10,
  learningRate: 0.1,
  l2: 0.01,
  minCount: 2,
  seed: 20_011_015,
};

function examplesOf(sentences: readonly LabelledSentence[], weight: number): Example[] {
  return sentences.map(({ text, label }) => ({
    features: featuresOf(readSentence(text)),
    label,
    weight,
  }));
}

export function trainIntentModel(dataDir: string, mailEx: readonly MailExCase[]): IntentModelFile {
  const examples = [
    ...examplesOf(readEmailIntent(dataDir, "train"), 1),
    ...examplesOf(mailExSentences(mailEx), MAILEX_WEIGHT),
  ];
  const model = train(examples, INTENT_TRAIN_OPTIONS);
  return {
    format: "tasklane-intent-logistic-1",
    threshold: THRESHOLD,
    trainedOn: [
      "EmailIntent train.tsv (Parakweet, Apache-2.0)",
      ...(mailEx.length > 0 ? [`MailEx, ${mailEx.length} e-mails (CC BY-SA 4.0)`] : []),
    ],
    weights: serialiseWeights(model),
  };
}
