// Per-grader activity and the quality figures a researcher reads next to it. Rates carry their
// n and an interval like every rate Verdict reports: Wilson where the units are independent, a
// bootstrap over the grader's tasks for the left share (a task's dimensions are answered together).
import { DEFAULT_BOOTSTRAP } from "../../analytics/domain/bootstrap";
import { clusteredShare, type ClusterCount } from "../../analytics/domain/cluster-bootstrap";
import { wilsonInterval } from "../../analytics/domain/wilson-interval";

export interface GraderTally {
  graderId: string;
  name: string;
  judgments: number;
  tasks: number;
  /** judgments with a preference (side-by-side) */
  withPreference: number;
  ties: number;
  /** tasks by (non-tie judgments with a known side that preferred the left response, such judgments) */
  positionTasks: ClusterCount[];
  flaggedTasks: number;
  lastSubmittedAt: number | null;
}

export interface Rate {
  value: number | null;
  /** null when n = 0, or when there are too few clusters for a bootstrap interval (see note) */
  low: number | null;
  high: number | null;
  n: number;
  /** the independent units a bootstrap interval resampled (a grader's tasks), where it did */
  clusters?: number;
  /** why there is no interval, when there is none though n > 0 */
  note?: string;
}

export interface GraderActivity extends Omit<GraderTally, "withPreference" | "ties" | "positionTasks"> {
  medianSeconds: number | null;
  fastestSeconds: number | null;
  tieRate: Rate | null;
  positionBias: Rate | null;
}

export function rate(k: number, n: number): Rate {
  const ci = wilsonInterval(k, n);
  return { value: n ? k / n : null, low: ci?.low ?? null, high: ci?.high ?? null, n };
}

/** A grader's share of sided non-tie judgments that preferred the left response, resampling their tasks. */
export function leftShare(graderId: string, tasks: ClusterCount[]): Rate | null {
  let k = 0;
  let n = 0;
  for (const t of tasks) { k += t.successes * t.count; n += t.trials * t.count; }
  if (n === 0) return null;
  const ci = clusteredShare(tasks, "tasks", DEFAULT_BOOTSTRAP, `left-share|${graderId}`);
  return { value: k / n, low: ci.interval?.low ?? null, high: ci.interval?.high ?? null, n, clusters: ci.clusters, note: ci.note };
}

export function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Joins the grouped tallies with each grader's task times (ms); side-by-side rates only where preferences exist. */
export function graderActivity(tallies: GraderTally[], taskTimesMs: Map<string, number[]>): GraderActivity[] {
  return tallies
    .map((t) => {
      const times = taskTimesMs.get(t.graderId) ?? [];
      const med = median(times);
      return {
        graderId: t.graderId, name: t.name, judgments: t.judgments, tasks: t.tasks, flaggedTasks: t.flaggedTasks, lastSubmittedAt: t.lastSubmittedAt,
        medianSeconds: med === null ? null : med / 1000,
        fastestSeconds: times.length ? Math.min(...times) / 1000 : null,
        tieRate: t.withPreference ? rate(t.ties, t.withPreference) : null,
        positionBias: leftShare(t.graderId, t.positionTasks),
      };
    })
    .sort((a, b) => b.judgments - a.judgments || a.name.localeCompare(b.name));
}
