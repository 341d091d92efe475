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
}

// A small pseudo-count keeps confusion rows from hitting exactly 0 (one unlucky answer would
// otherwise veto a class for good).
const SMOOTHING = 0.01;

export function dawidSkene(labels: Label[], classes: number, opts: { maxIterations?: number; tolerance?: number } = {}): DawidSkeneFit {
  const maxIterations = opts.maxIterations ?? 100;
  const tolerance = opts.tolerance ?? 1e-6;
  const items = [...new Set(labels.map((l) => l.item))];
  const graders = [...new Set(labels.map((l) => l.grader))];
  const itemIndex = new Map(items.map((x, i) => [x, i]));
  const graderIndex = new Map(graders.map((x, i) => [x, i]));
  const byItem: { g: number; l: number }[][] = items.map(() => []);
  for (const x of labels) byItem[itemIndex.get(x.item)!].push({ g: graderIndex.get(x.grader)!, l: x.label });

  // Start from each item's vote shares (majority voting, softly).
  let T = byItem.map((ls) => {
    const t = new Array<number>(classes).fill(0);
    for (const { l } of ls) t[l] += 1 / ls.length;
    return t;
  });
  let priors = new Array<number>(classes).fill(1 / classes);
  let confusion: number[][][] = graders.map(() => Array.from({ length: classes }, () => new Array<number>(classes).fill(1 / classes)));
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    // M-step: class shares and each grader's confusion rows from the current posteriors.
    priors = new Array<number>(classes).fill(0);
    for (const t of T) for (let k = 0; k < classes; k++) priors[k] += t[k] / T.length;
    const counts = graders.map(() => Array.from({ length: classes }, () => new Array<number>(classes).fill(SMOOTHING)));
    byItem.forEach((ls, i) => { for (const { g, l } of ls) for (let k = 0; k < classes; k++) counts[g][k][l] += T[i][k]; });
    confusion = counts.map((rows) => rows.map((row) => { const s = row.reduce((a, b) => a + b, 0); return row.map((c) => c / s); }));
    // E-step: each item's class posterior, in logs for long label lists.
    let change = 0;
    const next = byItem.map((ls, i) => {
      const logp = priors.map((p, k) => Math.log(Math.max(p, 1e-12)) + ls.reduce((s, { g, l }) => s + Math.log(confusion[g][k][l]), 0));
      const top = Math.max(...logp);
      const w = logp.map((x) => Math.exp(x - top));
      const z = w.reduce((a, b) => a + b, 0);
      const t = w.map((x) => x / z);
      for (let k = 0; k < classes; k++) change = Math.max(change, Math.abs(t[k] - T[i][k]));
      return t;
    });
    T = next;
    if (change < tolerance) { iterations++; break; }
  }
  return {
    posteriors: new Map(items.map((x, i) => [x, T[i]])),
    priors,
    graderAccuracy: new Map(graders.map((g, gi) => [g, priors.reduce((s, p, k) => s + p * confusion[gi][k][k], 0)])),
    iterations,
  };
}
