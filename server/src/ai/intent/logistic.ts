/**
 * Binary logistic regression over hashed sparse features, with L2 regularisation, fitted by
 * L-BFGS on the whole training set at once. Each sentence's features are scaled by 1/√(n+1), n
 * being how many it has, so a long sentence does not outvote a short one by its length alone.
 * There is no randomness anywhere: the same examples and options always give the same weights.
 */

export interface Example {
  /** The sentence's distinct feature slots (see featureSlots) */
  slots: Int32Array;
  label: 0 | 1;
  /** How much the example counts (in-domain e-mail counts more than out-of-domain sentences) */
  weight: number;
}

export interface TrainOptions {
  /** Size of the hashed feature space, as a power of two */
  bits: number;
  /** Strength of the L2 penalty on the weights (not on the bias) */
  l2: number;
  /** Slots seen in fewer examples keep a zero weight: they cannot generalise */
  minCount: number;
  /** L-BFGS stops after this many iterations, or earlier when the loss no longer moves */
  maxIterations: number;
}

export interface LogisticModel {
  bias: number;
  weights: Float32Array;
}

function sigmoid(z: number): number {
  if (z >= 0) return 1 / (1 + Math.exp(-z));
  const e = Math.exp(z);
  return e / (1 + e);
}

/** log(1 + e^-m), without overflow for large |m| */
function logLoss(margin: number): number {
  return margin > 0 ? Math.log1p(Math.exp(-margin)) : -margin + Math.log1p(Math.exp(margin));
}

const scaleOf = (slots: Int32Array) => 1 / Math.sqrt(slots.length + 1);

export function probability(model: LogisticModel, slots: Int32Array): number {
  let sum = 0;
  for (const slot of slots) sum += model.weights[slot] ?? 0;
  return sigmoid(model.bias + sum * scaleOf(slots));
}

const MEMORY = 10;
const ARMIJO = 1e-4;
const MAX_HALVINGS = 30;
const TOLERANCE = 1e-7;

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += a[index]! * b[index]!;
  return sum;
}

/**
 * Minimises `lossAt` (which also writes the gradient) from zero by limited-memory BFGS with a
 * backtracking line search.
 */
function lbfgs(
  size: number,
  lossAt: (point: Float64Array, gradient: Float64Array) => number,
  maxIterations: number,
): Float64Array {
  const point = new Float64Array(size);
  const gradient = new Float64Array(size);
  let loss = lossAt(point, gradient);
  const steps: Float64Array[] = [];
  const changes: Float64Array[] = [];
  const rhos: number[] = [];
  const direction = new Float64Array(size);
  const nextPoint = new Float64Array(size);
  const nextGradient = new Float64Array(size);
  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    // Two-loop recursion: direction ≈ inverse Hessian × gradient.
    direction.set(gradient);
    const alphas: number[] = [];
    for (let index = steps.length - 1; index >= 0; index -= 1) {
      const alpha = rhos[index]! * dot(steps[index]!, direction);
      alphas[index] = alpha;
      const change = changes[index]!;
      for (let slot = 0; slot < size; slot += 1) direction[slot] = direction[slot]! - alpha * change[slot]!;
    }
    const last = steps.length - 1;
    const gamma =
      last >= 0
        ? dot(steps[last]!, changes[last]!) / dot(changes[last]!, changes[last]!)
        : 1 / Math.sqrt(dot(gradient, gradient));
    for (let slot = 0; slot < size; slot += 1) direction[slot] = direction[slot]! * gamma;
    for (let index = 0; index < steps.length; index += 1) {
      const beta = rhos[index]! * dot(changes[index]!, direction);
      const step = steps[index]!;
      for (let slot = 0; slot < size; slot += 1)
        direction[slot] = direction[slot]! + step[slot]! * (alphas[index]! - beta);
    }
    const slope = dot(gradient, direction);
    if (!(slope > 0)) break;

    let length = 1;
    let nextLoss = loss;
    for (let halving = 0; halving < MAX_HALVINGS; halving += 1) {
      for (let slot = 0; slot < size; slot += 1) nextPoint[slot] = point[slot]! - length * direction[slot]!;
      nextLoss = lossAt(nextPoint, nextGradient);
      if (nextLoss <= loss - ARMIJO * length * slope) break;
      length /= 2;
    }
    const step = new Float64Array(size);
    const change = new Float64Array(size);
    for (let slot = 0; slot < size; slot += 1) {
      step[slot] = nextPoint[slot]! - point[slot]!;
      change[slot] = nextGradient[slot]! - gradient[slot]!;
    }
    const settled = Math.abs(loss - nextLoss) <= TOLERANCE * Math.max(1, Math.abs(loss));
    point.set(nextPoint);
    gradient.set(nextGradient);
    loss = nextLoss;
    const curvature = dot(step, change);
    if (curvature > 1e-12) {
      steps.push(step);
      changes.push(change);
      rhos.push(1 / curvature);
      if (steps.length > MEMORY) {
        steps.shift();
        changes.shift();
        rhos.shift();
      }
    }
    if (settled) break;
  }
  return point;
}

export function train(examples: readonly Example[], options: TrainOptions): LogisticModel {
  const size = 1 << options.bits;
  const counts = new Uint32Array(size);
  for (const example of examples) for (const slot of example.slots) counts[slot] = counts[slot]! + 1;
  // Only slots seen often enough are fitted, numbered densely (parameter 0 is the bias) so the
  // optimiser works on a few tens of thousands of numbers, not the whole hashed space.
  const parameterOf = new Int32Array(size);
  let parameterCount = 1;
  for (let slot = 0; slot < size; slot += 1)
    if (counts[slot]! >= options.minCount) parameterOf[slot] = parameterCount++;
  // Each example keeps its full scale, so a sentence is scaled the same way when it is trained on
  // and when it is read.
  const fitted = examples.map((example) => ({
    parameters: Int32Array.from(
      [...example.slots].map((slot) => parameterOf[slot]!).filter((parameter) => parameter > 0),
    ),
    scale: scaleOf(example.slots),
    label: example.label,
    weight: example.weight,
  }));
  const solution = lbfgs(
    parameterCount,
    (point, gradient) => {
      gradient.fill(0);
      let loss = 0;
      for (const { parameters, scale, label, weight } of fitted) {
        let sum = 0;
        for (const parameter of parameters) sum += point[parameter]!;
        const z = point[0]! + sum * scale;
        loss += weight * logLoss(label === 1 ? z : -z);
        const error = weight * (sigmoid(z) - label);
        gradient[0] = gradient[0]! + error;
        for (const parameter of parameters) gradient[parameter] = gradient[parameter]! + error * scale;
      }
      for (let parameter = 1; parameter < parameterCount; parameter += 1) {
        const value = point[parameter]!;
        loss += 0.5 * options.l2 * value * value;
        gradient[parameter] = gradient[parameter]! + options.l2 * value;
      }
      return loss;
    },
    options.maxIterations,
  );
  const weights = new Float32Array(size);
  for (let slot = 0; slot < size; slot += 1)
    if (parameterOf[slot]! > 0) weights[slot] = solution[parameterOf[slot]!]!;
  return { bias: solution[0]!, weights };
}
