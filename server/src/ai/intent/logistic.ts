/**
 * Binary logistic regression over sparse string features, trained by AdaGrad with L2
 * regularisation. Deterministic: the examples are shuffled by a seeded generator, so the same data
 * and options always give the same weights.
 */

export interface Example {
  features: string[];
  label: 0 | 1;
  /** How much the example counts (in-domain e-mail counts more than out-of-domain sentences) */
  weight: number;
}

export interface TrainOptions {
  epochs: number;
  learningRate: number;
  l2: number;
  /** Features seen in fewer examples are dropped: they cannot generalise */
  minCount: number;
  seed: number;
}

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  epochs: 30,
  learningRate: 0.2,
  l2: 1e-4,
  minCount: 2,
  seed: 20_011_015,
};

export interface LogisticModel {
  weights: Map<string, number>;
}

/** Mulberry32: a small, fast generator whose sequence depends on the seed alone. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function sigmoid(z: number): number {
  if (z >= 0) return 1 / (1 + Math.exp(-z));
  const e = Math.exp(z);
  return e / (1 + e);
}

export function probability(model: LogisticModel, features: readonly string[]): number {
  let z = 0;
  for (const feature of features) z += model.weights.get(feature) ?? 0;
  return sigmoid(z);
}

export function train(
  examples: readonly Example[],
  options: TrainOptions = DEFAULT_TRAIN_OPTIONS,
): LogisticModel {
  const counts = new Map<string, number>();
  for (const example of examples)
    for (const feature of example.features) counts.set(feature, (counts.get(feature) ?? 0) + 1);
  const kept = examples.map((example) => ({
    ...example,
    features: example.features.filter(
      (feature) => feature === "bias" || (counts.get(feature) ?? 0) >= options.minCount,
    ),
  }));

  const weights = new Map<string, number>();
  const squaredGradients = new Map<string, number>();
  const order = kept.map((_, index) => index);
  const random = seededRandom(options.seed);
  for (let epoch = 0; epoch < options.epochs; epoch += 1) {
    // Fisher–Yates with the seeded generator.
    for (let index = order.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [order[index], order[other]] = [order[other]!, order[index]!];
    }
    for (const index of order) {
      const example = kept[index]!;
      let z = 0;
      for (const feature of example.features) z += weights.get(feature) ?? 0;
      const error = (sigmoid(z) - example.label) * example.weight;
      for (const feature of example.features) {
        const weight = weights.get(feature) ?? 0;
        const gradient = error + (feature === "bias" ? 0 : options.l2 * weight);
        const accumulated = (squaredGradients.get(feature) ?? 0) + gradient * gradient;
        squaredGradients.set(feature, accumulated);
        weights.set(feature, weight - (options.learningRate * gradient) / Math.sqrt(accumulated + 1e-8));
      }
    }
  }
  return { weights };
}

/** The weights as committed: sorted by feature, rounded, negligible ones dropped. */
export function serialiseWeights(model: LogisticModel, precision = 4): Record<string, number> {
  const floor = 0.5 * 10 ** -precision;
  return Object.fromEntries(
    [...model.weights]
      .filter(([, weight]) => Math.abs(weight) >= floor)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([feature, weight]) => [feature, Number(weight.toFixed(precision))]),
  );
}
