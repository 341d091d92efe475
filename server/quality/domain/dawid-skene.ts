// Dawid & Skene (1979): each item has an unknown true class; each grader answers with a confusion
// matrix of their own (how often they say l when the truth is k). Expectation-maximisation
// estimates both from the labels alone, so reliable graders weigh more than careless ones.
// Verdict shows the result beside the plain per-prompt verdicts, never instead of them.

export interface Label {
  item: string;
  grader: string;
  /** 0 .. classes-1 */
  label: number;
}

export interface DawidSkeneFit {
  /** per item, the posterior probability of each class */
  posteriors: Map<string, number[]>;
  /** estimated class shares */
  priors: number[];
  /** per grader, the estimated probability of answering the true class (sum over k of prior k × confusion[k][k]) */
  graderAccuracy: Map<string, number>;
  iterations: number;
  /** whether the posteriors settled (largest change below the tolerance) before the iteration limit */
  converged: boolean;
}

// A small pseudo-count keeps confusion rows from hitting exactly 0 (one unlucky answer would
// otherwise veto a class for good).
const SMOOTHING = 0.01;

export function dawidSkene(labels: Label[], classes: number, opts: { maxIterations?: number; tolerance?: number } = {}): DawidSkeneFit {
  const maxIterations = opts.maxIterations ?? 100;
  const tolerance = opts.tolerance ?? 1e-6;
  const K = classes;
  const itemIndex = new Map<string, number>();
  const graderIndex = new Map<string, number>();
  for (const x of labels) {
    if (!itemIndex.has(x.item)) itemIndex.set(x.item, itemIndex.size);
    if (!graderIndex.has(x.grader)) graderIndex.set(x.grader, graderIndex.size);
  }
  const I = itemIndex.size;
  const G = graderIndex.size;
  // Labels grouped by item in flat arrays (item i's labels are start[i] .. start[i+1]-1): at a
  // million judgments, per-item objects and a log per label and class would dominate the run.
  const start = new Int32Array(I + 1);
  for (const x of labels) start[itemIndex.get(x.item)! + 1]++;
  for (let i = 0; i < I; i++) start[i + 1] += start[i];
  const fill = start.slice(0, I);
  const labelGrader = new Int32Array(labels.length);
  const labelClass = new Int32Array(labels.length);
  for (const x of labels) {
    const at = fill[itemIndex.get(x.item)!]++;
    labelGrader[at] = graderIndex.get(x.grader)!;
    labelClass[at] = x.label;
  }

  // Start from each item's vote shares (majority voting, softly).
  const T = new Float64Array(I * K);
  for (let i = 0; i < I; i++) {
    const n = start[i + 1] - start[i];
    for (let j = start[i]; j < start[i + 1]; j++) T[i * K + labelClass[j]] += 1 / n;
  }
  const priors = new Float64Array(K);
  const confusion = new Float64Array(G * K * K); // [g][k][l]
  const logConfusion = new Float64Array(G * K * K);
  const logPrior = new Float64Array(K);
  const acc = new Float64Array(K);
  let iterations = 0;
  let converged = false;
  for (; iterations < maxIterations; iterations++) {
    // M-step: class shares and each grader's confusion rows from the current posteriors.
    priors.fill(0);
    for (let i = 0; i < I; i++) for (let k = 0; k < K; k++) priors[k] += T[i * K + k] / I;
    confusion.fill(SMOOTHING);
    for (let i = 0; i < I; i++) {
      for (let j = start[i]; j < start[i + 1]; j++) {
        const base = labelGrader[j] * K * K + labelClass[j];
        for (let k = 0; k < K; k++) confusion[base + k * K] += T[i * K + k];
      }
    }
    for (let r = 0; r < G * K; r++) {
      let sum = 0;
      for (let l = 0; l < K; l++) sum += confusion[r * K + l];
      for (let l = 0; l < K; l++) { confusion[r * K + l] /= sum; logConfusion[r * K + l] = Math.log(confusion[r * K + l]); }
    }
    for (let k = 0; k < K; k++) logPrior[k] = Math.log(Math.max(priors[k], 1e-12));
    // E-step: each item's class posterior, in logs.
    let change = 0;
    for (let i = 0; i < I; i++) {
      acc.set(logPrior);
      for (let j = start[i]; j < start[i + 1]; j++) {
        const base = labelGrader[j] * K * K + labelClass[j];
        for (let k = 0; k < K; k++) acc[k] += logConfusion[base + k * K];
      }
      let top = -Infinity;
      for (let k = 0; k < K; k++) top = Math.max(top, acc[k]);
      let z = 0;
      for (let k = 0; k < K; k++) { acc[k] = Math.exp(acc[k] - top); z += acc[k]; }
      for (let k = 0; k < K; k++) {
        const t = acc[k] / z;
        change = Math.max(change, Math.abs(t - T[i * K + k]));
        T[i * K + k] = t;
      }
    }
    if (change < tolerance) { iterations++; converged = true; break; }
  }
  const items = [...itemIndex.keys()];
  const graders = [...graderIndex.keys()];
  return {
    posteriors: new Map(items.map((x, i) => [x, Array.from(T.subarray(i * K, i * K + K))])),
    priors: Array.from(priors),
    graderAccuracy: new Map(graders.map((g, gi) => [g, Array.from(priors).reduce((s, p, k) => s + p * confusion[gi * K * K + k * K + k], 0)])),
    iterations,
    converged,
  };
}
