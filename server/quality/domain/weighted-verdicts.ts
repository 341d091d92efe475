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
  candidate: WeightedShare;
  same: WeightedShare;
  baseline: WeightedShare;
  iterations: number;
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
    const fit = dawidSkene(labels, 3, { maxIterations: 50, tolerance: 1e-5 });
    const posteriors = [...fit.posteriors.values()];
    const share = (k: number): WeightedShare => {
      const values = posteriors.map((p) => Math.round(p[k] * 1000) / 1000);
      const ci = bootstrapMean(values, opts, `dawid-skene:${dimension}:${CLASSES[k]}`);
      return { value: posteriors.reduce((s, p) => s + p[k], 0) / posteriors.length, low: ci?.low ?? null, high: ci?.high ?? null };
    };
    return { dimension, prompts: posteriors.length, judgments: labels.length, baseline: share(0), same: share(1), candidate: share(2), iterations: fit.iterations };
  });
}
