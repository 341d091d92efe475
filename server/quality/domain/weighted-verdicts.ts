// Reliability-weighted side-by-side verdicts: per dimension, Dawid–Skene over the verdict each
// judgment gives (baseline better, about the same, candidate better), and the share of prompts
// in each class as the mean of the prompts' posterior probabilities. Shown beside the plain
// per-prompt verdicts, never instead of them.
//
// Interval: percentile bootstrap over prompts of the fitted posteriors (rounded to 0.001 so the
// resampling works on a few hundred distinct values). The confusion matrices are held at their
// fit, so the interval leaves out their own uncertainty and is somewhat narrow.
import { bootstrapMean, type BootstrapOptions } from "../../analytics/domain/bootstrap";
import { dawidSkene } from "./dawid-skene";
import type { UnitJudgment } from "./peer-agreement";

export interface WeightedShare {
  value: number;
  low: number | null;
  high: number | null;
}

export interface WeightedVerdicts {
  dimension: string;
  prompts: number;
  judgments: number;
  /** null when the fit was refused (see `refused`) */
  candidate: WeightedShare | null;
  same: WeightedShare | null;
  baseline: WeightedShare | null;
  iterations: number;
  maxIterations: number;
  /** false when the fit stopped at its iteration limit: its shares are then flagged as unsettled */
  converged: boolean;
  /** why there is no fit, or empty */
  refused: string;
}

/**
 * How little the posteriors must move to count as settled, and how much EM work a fit may take.
 * Small studies settle slowly (few labels per grader: the demo's dimensions took up to 510
 * iterations) but each iteration is cheap; large ones settle in a few dozen. So the limit is a budget
 * of label-iterations (about 0.35 s at 200,000 labels) between a floor and a ceiling, rather than
 * one count that cut every small study off at 50.
 */
export const DAWID_SKENE_LIMITS = { tolerance: 1e-5, labelIterations: 20_000_000, minIterations: 50, maxIterations: 1000 } as const;

/** The iterations a fit over `labels` labels may take. */
export function dawidSkeneIterationLimit(labels: number): number {
  const { labelIterations, minIterations, maxIterations } = DAWID_SKENE_LIMITS;
  return Math.max(minIterations, Math.min(maxIterations, Math.floor(labelIterations / Math.max(labels, 1))));
}

const CLASSES = ["baseline", "same", "candidate"] as const;

/** Units are "item\u0000dimension id"; `dimensionKey` names the dimension of an id. */
export function weightedVerdicts(judgments: UnitJudgment[], dimensionKey: (dimensionId: string) => string, opts: BootstrapOptions): WeightedVerdicts[] {
  const byDimension = new Map<string, { item: string; grader: string; label: number }[]>();
  for (const j of judgments) {
    const [item, dimensionId] = j.unit.split("\u0000");
    const key = dimensionKey(dimensionId);
    (byDimension.get(key) ?? byDimension.set(key, []).get(key)!).push({ item, grader: j.graderId, label: Math.sign(j.value) + 1 });
  }
  return [...byDimension.keys()].sort().map((dimension) => {
    const labels = byDimension.get(dimension)!;
    const graders = new Map<string, Set<string>>();
    for (const l of labels) (graders.get(l.item) ?? graders.set(l.item, new Set()).get(l.item)!).add(l.grader);
    // With one grader per prompt the model cannot tell a grader's reliability from the truth: every
    // confusion matrix fits its own answers perfectly. Refuse rather than print confident shares.
    if (![...graders.values()].some((g) => g.size >= 2)) {
      return { dimension, prompts: graders.size, judgments: labels.length, candidate: null, same: null, baseline: null, iterations: 0,
        maxIterations: dawidSkeneIterationLimit(labels.length), converged: false,
        refused: "every prompt has a single grader: reliability cannot be told apart from the truth without prompts graded by two or more" };
    }
    const maxIterations = dawidSkeneIterationLimit(labels.length);
    const fit = dawidSkene(labels, 3, { maxIterations, tolerance: DAWID_SKENE_LIMITS.tolerance });
    const posteriors = [...fit.posteriors.values()];
    const share = (k: number): WeightedShare => {
      const values = posteriors.map((p) => Math.round(p[k] * 1000) / 1000);
      const ci = bootstrapMean(values, opts, `dawid-skene:${dimension}:${CLASSES[k]}`);
      return { value: posteriors.reduce((s, p) => s + p[k], 0) / posteriors.length, low: ci?.low ?? null, high: ci?.high ?? null };
    };
    return { dimension, prompts: posteriors.length, judgments: labels.length, baseline: share(0), same: share(1), candidate: share(2),
      iterations: fit.iterations, maxIterations, converged: fit.converged, refused: "" };
  });
}
