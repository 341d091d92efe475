// Reliability-weighted side-by-side verdicts: for a dimension, Dawid–Skene over the verdict each
// judgment gives (baseline better, about the same, candidate better), and the share of prompts
// in each class as the mean of the prompts' posterior probabilities. Shown beside the plain
// per-prompt verdicts, never instead of them.
//
// Interval: percentile bootstrap over prompts of the fitted posteriors (rounded to 0.001 so the
// resampling works on a few hundred distinct values). The confusion matrices are held at their
// fit, so the interval leaves out their own uncertainty and is somewhat narrow.
import { bootstrapMean, type BootstrapOptions } from "../../analytics/domain/bootstrap";
import { dawidSkene, type CodedLabels } from "./dawid-skene";

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
 * Iterations are E-steps (dawid-skene.ts accelerates EM; an iteration costs a pass over the
 * labels). Small studies may need hundreds of cheap ones; large ones can creep too: the bench's
 * 250,000 labels per dimension settled after 175 (about 1.3 s on one core). So the limit is a
 * budget of label-iterations between a floor and a ceiling, rather than one count.
 */
export const DAWID_SKENE_LIMITS = { tolerance: 1e-5, labelIterations: 50_000_000, minIterations: 50, maxIterations: 1000 } as const;

/** The iterations a fit over `labels` labels may take. */
export function dawidSkeneIterationLimit(labels: number): number {
  const { labelIterations, minIterations, maxIterations } = DAWID_SKENE_LIMITS;
  return Math.max(minIterations, Math.min(maxIterations, Math.floor(labelIterations / Math.max(labels, 1))));
}

const CLASSES = ["baseline", "same", "candidate"] as const;

/**
 * One dimension's fit and shares, from its counted judgments as coded labels (label = the
 * verdict: 0 baseline better, 1 about the same, 2 candidate better).
 */
export function weightedVerdicts(dimension: string, labels: CodedLabels, opts: BootstrapOptions): WeightedVerdicts {
  const judgments = labels.item.length;
  const maxIterations = dawidSkeneIterationLimit(judgments);
  // With one grader per prompt the model cannot tell a grader's reliability from the truth: every
  // confusion matrix fits its own answers perfectly. Refuse rather than print confident shares.
  if (!someItemHasTwoGraders(labels)) {
    return { dimension, prompts: labels.items, judgments, candidate: null, same: null, baseline: null, iterations: 0, maxIterations, converged: false,
      refused: "every prompt has a single grader: reliability cannot be told apart from the truth without prompts graded by two or more" };
  }
  const fit = dawidSkene(labels, { maxIterations, tolerance: DAWID_SKENE_LIMITS.tolerance });
  const prompts = labels.items;
  const share = (k: number): WeightedShare => {
    const values = new Array<number>(prompts);
    let sum = 0;
    for (let i = 0; i < prompts; i++) {
      const p = fit.posteriors[i * 3 + k];
      sum += p;
      values[i] = Math.round(p * 1000) / 1000;
    }
    const ci = bootstrapMean(values, opts, `dawid-skene:${dimension}:${CLASSES[k]}`);
    return { value: sum / prompts, low: ci?.low ?? null, high: ci?.high ?? null };
  };
  return { dimension, prompts, judgments, baseline: share(0), same: share(1), candidate: share(2),
    iterations: fit.iterations, maxIterations, converged: fit.converged, refused: "" };
}

/** One dimension's counted verdicts, as labels for the fit. */
export interface DimensionLabels {
  dimension: string;
  labels: CodedLabels;
}

/** The weighted verdicts of several dimensions, fitted one after another, in their order. */
export function weightedVerdictsInTurn(dimensions: DimensionLabels[], opts: BootstrapOptions): WeightedVerdicts[] {
  return dimensions.map((d) => weightedVerdicts(d.dimension, d.labels, opts));
}

function someItemHasTwoGraders(labels: CodedLabels): boolean {
  const first = new Int32Array(labels.items).fill(-1);
  for (let j = 0; j < labels.item.length; j++) {
    const i = labels.item[j];
    if (first[i] === -1) first[i] = labels.grader[j];
    else if (first[i] !== labels.grader[j]) return true;
  }
  return false;
}
