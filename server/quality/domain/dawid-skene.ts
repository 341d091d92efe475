// Dawid & Skene (1979): each item has an unknown true class; each grader answers with a confusion
// matrix of their own (how often they say l when the truth is k). Expectation-maximisation
// estimates both from the labels alone, so reliable graders weigh more than careless ones.
// Verdict shows the result beside the plain per-prompt verdicts, never instead of them.
//
// Three classes: a side-by-side verdict (0 baseline better, 1 about the same, 2 candidate better).

export interface Label {
  item: string;
  grader: string;
  /** 0, 1 or 2 */
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

/** The fit of coded labels: item i's posteriors are posteriors[3i], [3i+1] and [3i+2]. */
export interface CodedFit {
  posteriors: Float64Array;
  priors: number[];
  /** by grader code */
  graderAccuracy: Float64Array;
  iterations: number;
  converged: boolean;
}

/** The fit over labels named by item and grader: codes in order of first appearance. */
export function dawidSkene(labels: Label[], opts: { maxIterations?: number; tolerance?: number } = {}): DawidSkeneFit {
  const itemIndex = new Map<string, number>();
  const graderIndex = new Map<string, number>();
  const coded: CodedLabels = { items: 0, graders: 0, item: new Int32Array(labels.length), grader: new Int32Array(labels.length), label: new Int32Array(labels.length) };
  labels.forEach((x, j) => {
    coded.item[j] = itemIndex.get(x.item) ?? itemIndex.set(x.item, itemIndex.size).size - 1;
    coded.grader[j] = graderIndex.get(x.grader) ?? graderIndex.set(x.grader, graderIndex.size).size - 1;
    coded.label[j] = x.label;
  });
  coded.items = itemIndex.size;
  coded.graders = graderIndex.size;
  const fit = dawidSkeneOfCodes(coded, opts);
  const K = CLASSES;
  return {
    posteriors: new Map([...itemIndex.keys()].map((x, i) => [x, Array.from(fit.posteriors.subarray(i * K, i * K + K))])),
    priors: fit.priors,
    graderAccuracy: new Map([...graderIndex.keys()].map((g, gi) => [g, fit.graderAccuracy[gi]])),
    iterations: fit.iterations,
    converged: fit.converged,
  };
}

export function dawidSkeneOfCodes(labels: CodedLabels, opts: { maxIterations?: number; tolerance?: number } = {}): CodedFit {
  const maxIterations = opts.maxIterations ?? 100;
  const tolerance = opts.tolerance ?? 1e-6;
  const K = CLASSES;
  const I = labels.items;
  const G = labels.graders;
  const L = labels.item.length;
  // Labels grouped by item in flat arrays (item i's labels are start[i] .. start[i+1]-1), each as
  // its cell in the confusion table (grader g, answer l: g*K*K + l; class k adds k*K).
  const start = new Int32Array(I + 1);
  for (let j = 0; j < L; j++) start[labels.item[j] + 1]++;
  for (let i = 0; i < I; i++) start[i + 1] += start[i];
  const fill = start.slice(0, I);
  const labelCell = new Int32Array(L);
  const labelClass = new Int32Array(L);
  for (let j = 0; j < L; j++) {
    const at = fill[labels.item[j]]++;
    labelCell[at] = labels.grader[j] * K * K + labels.label[j];
    labelClass[at] = labels.label[j];
  }

  // Start from each item's vote shares (majority voting, softly).
  const T = new Float64Array(I * K);
  for (let i = 0; i < I; i++) {
    const n = start[i + 1] - start[i];
    for (let j = start[i]; j < start[i + 1]; j++) T[i * K + labelClass[j]] += 1 / n;
  }
  // Each iteration is an M-step (class shares and each grader's confusion rows from the current
  // posteriors) then an E-step (each item's class posterior, in logs). The M-step's sums for the
  // next iteration are added up during this one's E-step, item by item as the posteriors come out,
  // so each iteration walks the labels once while they are in cache; the sums are the same, in the
  // same order, as a separate pass would make.
  const priors = new Float64Array(K);
  const confusion = new Float64Array(G * K * K); // [g][k][l]
  const nextPriors = new Float64Array(K);
  const nextConfusion = new Float64Array(G * K * K).fill(SMOOTHING);
  for (let i = 0; i < I; i++) {
    for (let k = 0; k < K; k++) nextPriors[k] += T[i * K + k] / I;
    for (let j = start[i]; j < start[i + 1]; j++) for (let k = 0; k < K; k++) nextConfusion[labelCell[j] + k * K] += T[i * K + k];
  }
  const logConfusion = new Float64Array(G * K * K);
  const logPrior = new Float64Array(K);
  let iterations = 0;
  let converged = false;
  for (; iterations < maxIterations; iterations++) {
    priors.set(nextPriors);
    confusion.set(nextConfusion);
    for (let r = 0; r < G * K; r++) {
      let sum = 0;
      for (let l = 0; l < K; l++) sum += confusion[r * K + l];
      for (let l = 0; l < K; l++) { confusion[r * K + l] /= sum; logConfusion[r * K + l] = Math.log(confusion[r * K + l]); }
    }
    for (let k = 0; k < K; k++) logPrior[k] = Math.log(Math.max(priors[k], 1e-12));
    nextPriors.fill(0);
    nextConfusion.fill(SMOOTHING);
    const change = eStep(T, start, labelCell, logConfusion, logPrior, nextPriors, nextConfusion);
    if (change < tolerance) { iterations++; converged = true; break; }
  }
  const graderAccuracy = new Float64Array(G);
  for (let g = 0; g < G; g++) for (let k = 0; k < K; k++) graderAccuracy[g] += priors[k] * confusion[g * K * K + k * K + k];
  return { posteriors: T, priors: Array.from(priors), graderAccuracy, iterations, converged };
}

/**
 * E-step: each item's class posterior (into T) from the confusion logs, adding it to the next
 * M-step's sums; returns the largest change of a posterior. The three classes are local variables:
 * loops over a small array of classes cost most of a million-label fit.
 */
function eStep(T: Float64Array, start: Int32Array, labelCell: Int32Array, logConfusion: Float64Array, logPrior: Float64Array,
  nextPriors: Float64Array, nextConfusion: Float64Array): number {
  const I = start.length - 1;
  const [p0, p1, p2] = logPrior;
  let n0 = 0, n1 = 0, n2 = 0;
  let change = 0;
  for (let i = 0; i < I; i++) {
    const from = start[i];
    const to = start[i + 1];
    let a0 = p0, a1 = p1, a2 = p2;
    for (let j = from; j < to; j++) {
      const base = labelCell[j];
      a0 += logConfusion[base];
      a1 += logConfusion[base + 3];
      a2 += logConfusion[base + 6];
    }
    const top = Math.max(Math.max(Math.max(-Infinity, a0), a1), a2);
    const e0 = Math.exp(a0 - top), e1 = Math.exp(a1 - top), e2 = Math.exp(a2 - top);
    const z = e0 + e1 + e2;
    const t0 = e0 / z, t1 = e1 / z, t2 = e2 / z;
    const at = i * 3;
    change = Math.max(Math.max(Math.max(change, Math.abs(t0 - T[at])), Math.abs(t1 - T[at + 1])), Math.abs(t2 - T[at + 2]));
    T[at] = t0; T[at + 1] = t1; T[at + 2] = t2;
    n0 += t0 / I; n1 += t1 / I; n2 += t2 / I;
    for (let j = from; j < to; j++) {
      const base = labelCell[j];
      nextConfusion[base] += t0;
      nextConfusion[base + 3] += t1;
      nextConfusion[base + 6] += t2;
    }
  }
  nextPriors[0] += n0; nextPriors[1] += n1; nextPriors[2] += n2;
  return change;
}
