// Dawid & Skene (1979): each item has an unknown true class; each grader answers with a confusion
// matrix of their own (how often they say l when the truth is k). Expectation-maximisation
// estimates both from the labels alone, so reliable graders weigh more than careless ones.
// Verdict shows the result beside the plain per-prompt verdicts, never instead of them.
//
// Three classes: a side-by-side verdict (0 baseline better, 1 about the same, 2 candidate better).

// A small pseudo-count keeps confusion rows from hitting exactly 0 (one unlucky answer would
// otherwise veto a class for good).
const SMOOTHING = 0.01;

const CLASSES = 3;

/**
 * Labels as codes, one entry per label in parallel arrays: at a million judgments the fit reads
 * them straight from the database's columns, with no object or text key per label.
 */
export interface CodedLabels {
  /** items are numbered 0 .. items-1 and graders 0 .. graders-1 */
  items: number;
  graders: number;
  item: Int32Array;
  grader: Int32Array;
  /** 0, 1 or 2 */
  label: Int32Array;
}

/** The fit: item i's posteriors are posteriors[3i], [3i+1] and [3i+2]. */
export interface DawidSkeneFit {
  posteriors: Float64Array;
  /** estimated class shares */
  priors: number[];
  /** by grader code, the estimated probability of answering the true class (sum over k of prior k × confusion[k][k]) */
  graderAccuracy: Float64Array;
  /** E-steps taken, each a pass over the labels (the extrapolated steps of the acceleration included) */
  iterations: number;
  /** whether the posteriors settled (largest change below the tolerance) before the iteration limit */
  converged: boolean;
}

export function dawidSkene(labels: CodedLabels, opts: { maxIterations?: number; tolerance?: number } = {}): DawidSkeneFit {
  const maxIterations = opts.maxIterations ?? 100;
  const tolerance = opts.tolerance ?? 1e-6;
  const K = CLASSES;
  const I = labels.items;
  const G = labels.graders;
  const L = labels.item.length;
  // Labels grouped by item in flat arrays (item i's labels are start[i] .. start[i+1]-1), each as
  // its cell in θ (below): grader g, answer l at K + g*K*K + l; class k adds k*K.
  const start = new Int32Array(I + 1);
  for (let j = 0; j < L; j++) start[labels.item[j] + 1]++;
  for (let i = 0; i < I; i++) start[i + 1] += start[i];
  const fill = start.slice(0, I);
  const labelCell = new Int32Array(L);
  const labelClass = new Int32Array(L);
  for (let j = 0; j < L; j++) {
    const at = fill[labels.item[j]]++;
    labelCell[at] = K + labels.grader[j] * K * K + labels.label[j];
    labelClass[at] = labels.label[j];
  }

  // Start from each item's vote shares (majority voting, softly).
  const T = new Float64Array(I * K);
  for (let i = 0; i < I; i++) {
    const n = start[i + 1] - start[i];
    for (let j = start[i]; j < start[i + 1]; j++) T[i * K + labelClass[j]] += 1 / n;
  }
  // The parameters θ in one array: the class shares, then each grader's confusion rows [g][k][l].
  const size = K + G * K * K;
  const sums = new Float64Array(size);
  const logs = new Float64Array(size);
  /** The M-step: θ from the sums of the posteriors (class shares, confusion rows with their pseudo-counts). */
  const mStep = (): Float64Array => {
    const theta = sums.slice();
    for (let r = 0; r < G * K; r++) {
      const at = K + r * K;
      let sum = 0;
      for (let l = 0; l < K; l++) sum += theta[at + l];
      for (let l = 0; l < K; l++) theta[at + l] /= sum;
    }
    return theta;
  };
  const clearSums = () => { sums.fill(0, 0, K); sums.fill(SMOOTHING, K); };
  clearSums();
  for (let i = 0; i < I; i++) {
    for (let k = 0; k < K; k++) sums[k] += T[i * K + k] / I;
    for (let j = start[i]; j < start[i + 1]; j++) for (let k = 0; k < K; k++) sums[labelCell[j] + k * K] += T[i * K + k];
  }
  let iterations = 0;
  let converged = false;
  let used = mStep(); // the θ of the latest E-step, whose posteriors T holds
  /**
   * One EM iteration from θ: the E-step (posteriors into T), with the next M-step's sums added up
   * as the posteriors come out (one walk over the labels), then the M-step. Also the objective at θ
   * that EM never decreases: the log-likelihood plus the pseudo-counts' log prior.
   */
  const em = (theta: Float64Array): { next: Float64Array; objective: number } => {
    let prior = 0;
    for (let k = 0; k < K; k++) logs[k] = Math.log(Math.max(theta[k], 1e-12));
    for (let x = K; x < size; x++) { logs[x] = Math.log(theta[x]); prior += SMOOTHING * logs[x]; }
    clearSums();
    const e = eStep(T, start, labelCell, theta, logs, sums);
    used = theta;
    iterations++;
    if (e.change < tolerance) converged = true;
    return { next: mStep(), objective: e.logLikelihood + prior };
  };
  // EM accelerated by SQUAREM (Varadhan & Roland 2008, scheme S3): from θ0, two EM steps give θ1
  // and θ2; the step extrapolated along their differences (r = θ1 − θ0, v = θ2 − 2θ1 + θ0) is kept
  // when EM's objective there is no lower than at θ1, otherwise plain EM's θ2 is. On weakly
  // separated classes plain EM creeps: at a million judgments it had not settled after a thousand
  // iterations, each costing a pass over every label.
  let theta = used;
  while (iterations < maxIterations && !converged) {
    const first = em(theta);
    if (converged || iterations >= maxIterations) break;
    const second = em(first.next);
    if (converged || iterations >= maxIterations) break;
    const extrapolated = squaremStep(theta, first.next, second.next, K);
    if (!extrapolated) { theta = second.next; continue; }
    const third = em(extrapolated);
    theta = third.objective >= second.objective ? third.next : second.next;
  }
  const priors = used.subarray(0, K);
  const confusion = used.subarray(K);
  const graderAccuracy = new Float64Array(G);
  for (let g = 0; g < G; g++) for (let k = 0; k < K; k++) graderAccuracy[g] += priors[k] * confusion[g * K * K + k * K + k];
  return { posteriors: T, priors: Array.from(priors), graderAccuracy, iterations, converged };
}

/**
 * The SQUAREM step from θ0 through θ1 and θ2, α = −‖r‖/‖v‖ (at most −1; −1 is θ2 itself), pulled
 * back toward −1 until every probability stays positive; null when that leaves plain EM's θ2.
 */
function squaremStep(t0: Float64Array, t1: Float64Array, t2: Float64Array, classes: number): Float64Array | null {
  let rr = 0;
  let vv = 0;
  for (let x = 0; x < t0.length; x++) {
    const r = t1[x] - t0[x];
    const v = t2[x] - 2 * t1[x] + t0[x];
    rr += r * r;
    vv += v * v;
  }
  let alpha = -Math.sqrt(rr / vv);
  const out = new Float64Array(t0.length);
  for (let tries = 0; tries < 10 && alpha < -1; tries++, alpha = (alpha - 1) / 2) {
    // The weights (1 + α)², −2α(1 + α) and α² sum to 1, so every row of θ keeps summing to 1.
    const w0 = (1 + alpha) * (1 + alpha);
    const w1 = -2 * alpha * (1 + alpha);
    const w2 = alpha * alpha;
    let positive = true;
    for (let x = 0; x < out.length && positive; x++) {
      out[x] = w0 * t0[x] + w1 * t1[x] + w2 * t2[x];
      positive = out[x] > 0 || (x < classes && out[x] >= 0);
    }
    if (positive) return out;
  }
  return null;
}

/**
 * Below this an item's product of probabilities is taken as having lost its precision to underflow
 * (hundreds of labels on one item): that item is then worked out with logarithms.
 */
const UNDERFLOW = 1e-280;

/**
 * E-step: each item's class posterior (into T) from θ, adding it to the next M-step's sums;
 * returns the largest change of a posterior and the log-likelihood at θ.
 * Why products of probabilities rather than sums of logarithms: a sum of logs needs an exp per
 * class and a log per item, which were two thirds of a million-label fit; an item's few labels
 * multiply without underflow (the pseudo-count keeps every confusion entry above zero), and the
 * rare item whose product would underflow takes the logarithmic path. The log-likelihood, only
 * compared between steps, is the log of the running product of the items' normalisers, taken when
 * that product nears underflow. The three classes are local variables: loops over a small array
 * of classes cost most of a million-label fit.
 */
function eStep(T: Float64Array, start: Int32Array, labelCell: Int32Array, theta: Float64Array, logs: Float64Array, sums: Float64Array): { change: number; logLikelihood: number } {
  const I = start.length - 1;
  const q0 = Math.max(theta[0], 1e-12), q1 = Math.max(theta[1], 1e-12), q2 = Math.max(theta[2], 1e-12);
  let n0 = 0, n1 = 0, n2 = 0;
  let change = 0;
  let logLikelihood = 0;
  let product = 1;
  for (let i = 0; i < I; i++) {
    const from = start[i];
    const to = start[i + 1];
    let a0 = q0, a1 = q1, a2 = q2;
    for (let j = from; j < to; j++) {
      const base = labelCell[j];
      a0 *= theta[base];
      a1 *= theta[base + 3];
      a2 *= theta[base + 6];
    }
    let z = a0 + a1 + a2;
    if (!(z > UNDERFLOW)) {
      let l0 = logs[0], l1 = logs[1], l2 = logs[2];
      for (let j = from; j < to; j++) {
        const base = labelCell[j];
        l0 += logs[base];
        l1 += logs[base + 3];
        l2 += logs[base + 6];
      }
      const top = Math.max(l0, l1, l2);
      a0 = Math.exp(l0 - top);
      a1 = Math.exp(l1 - top);
      a2 = Math.exp(l2 - top);
      z = a0 + a1 + a2;
      logLikelihood += top;
    }
    product *= z;
    if (product < UNDERFLOW) {
      logLikelihood += Math.log(product);
      product = 1;
    }
    const t0 = a0 / z, t1 = a1 / z, t2 = a2 / z;
    const at = i * 3;
    change = Math.max(Math.max(Math.max(change, Math.abs(t0 - T[at])), Math.abs(t1 - T[at + 1])), Math.abs(t2 - T[at + 2]));
    T[at] = t0; T[at + 1] = t1; T[at + 2] = t2;
    n0 += t0 / I; n1 += t1 / I; n2 += t2 / I;
    for (let j = from; j < to; j++) {
      const base = labelCell[j];
      sums[base] += t0;
      sums[base + 3] += t1;
      sums[base + 6] += t2;
    }
  }
  logLikelihood += Math.log(product);
  sums[0] += n0; sums[1] += n1; sums[2] += n2;
  return { change, logLikelihood };
}
