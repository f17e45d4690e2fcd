import { mailExSentences, readEmailIntent, type LabelledSentence, type MailExCase } from "./corpora";
import { FEATURE_BITS, featureSlots } from "./features";
import { probability, train, type Example, type TrainOptions } from "./logistic";
import type { IntentModel } from "./model";
import { readSentence } from "./reader";

/**
 * How the committed model is trained: logistic regression on EmailIntent's training sentences and
 * on the sentences of MailEx e-mails. MailEx asks the question the product asks ("is the reader
 * asked to act?") while EmailIntent's "Yes" also covers proposals and sales pitches, so a MailEx
 * sentence counts MAILEX_WEIGHT times as much.
 *
 * The threshold is chosen on the training data alone, by 5-fold cross-validation: each sentence
 * is scored by a model trained without its fold (MailEx folds hold whole e-mails), and the
 * threshold kept is the one with the best mean of the two data sets' F1, so that neither kind of
 * mail decides alone. The options below were chosen the same way (L2 among 0.3, 1 and 3; MailEx
 * weight among 1.5, 3 and 6; the feature set among those described in features.ts).
 */

export const MAILEX_WEIGHT = 3;
export const INTENT_TRAIN_OPTIONS: TrainOptions = {
  bits: FEATURE_BITS,
  l2: 1,
  minCount: 2,
  maxIterations: 300,
};
const FOLDS = 5;
const THRESHOLDS = Array.from({ length: 61 }, (_, index) => 0.2 + index / 100);

interface Scored {
  probability: number;
  label: 0 | 1;
}

function examplesOf(sentences: readonly LabelledSentence[], weight: number): Example[] {
  return sentences.map(({ text, label }) => ({
    slots: featureSlots(readSentence(text), INTENT_TRAIN_OPTIONS.bits),
    label,
    weight,
  }));
}

function f1(scored: readonly Scored[], threshold: number): number {
  let truePositives = 0;
  let said = 0;
  let actual = 0;
  for (const { probability: value, label } of scored) {
    const yes = value >= threshold;
    if (yes) said += 1;
    if (label === 1) actual += 1;
    if (yes && label === 1) truePositives += 1;
  }
  return said + actual === 0 ? 0 : (2 * truePositives) / (said + actual);
}

/** The threshold with the best mean F1 over the data sets' out-of-fold scores. */
function chooseThreshold(emailIntent: readonly Example[], mailEx: readonly Example[][]): number {
  const outOfFold: Scored[][] = [[], []];
  for (let fold = 0; fold < FOLDS; fold += 1) {
    const model = train(
      [
        ...emailIntent.filter((_, index) => index % FOLDS !== fold),
        ...mailEx.filter((_, index) => index % FOLDS !== fold).flat(),
      ],
      INTENT_TRAIN_OPTIONS,
    );
    const score = (example: Example): Scored => ({
      probability: probability(model, example.slots),
      label: example.label,
    });
    outOfFold[0]!.push(...emailIntent.filter((_, index) => index % FOLDS === fold).map(score));
    outOfFold[1]!.push(
      ...mailEx
        .filter((_, index) => index % FOLDS === fold)
        .flat()
        .map(score),
    );
  }
  const sets = outOfFold.filter((scored) => scored.length > 0);
  const meanF1 = (threshold: number) =>
    sets.reduce((sum, scored) => sum + f1(scored, threshold), 0) / sets.length;
  return THRESHOLDS.reduce((best, threshold) => (meanF1(threshold) > meanF1(best) ? threshold : best));
}

export function trainIntentModel(dataDir: string, mailEx: readonly MailExCase[]): IntentModel {
  const emailIntent = examplesOf(readEmailIntent(dataDir, "train"), 1);
  const mailExByMail = mailEx.map((mail) => examplesOf(mailExSentences([mail]), MAILEX_WEIGHT));
  const threshold = chooseThreshold(emailIntent, mailExByMail);
  const model = train([...emailIntent, ...mailExByMail.flat()], INTENT_TRAIN_OPTIONS);
  return {
    ...model,
    bits: INTENT_TRAIN_OPTIONS.bits,
    threshold: Number(threshold.toFixed(2)),
    trainedOn: [
      "EmailIntent train.tsv (Parakweet, Apache-2.0)",
      ...(mailEx.length > 0 ? [`MailEx, ${mailEx.length} e-mails (CC BY-SA 4.0)`] : []),
    ],
  };
}
