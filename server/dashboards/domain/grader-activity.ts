// Per-grader activity and the quality figures a researcher reads next to it. Rates carry their
// n and a Wilson interval like every rate Verdict reports.
import { wilsonInterval } from "../../analytics/domain/wilson-interval";

export interface GraderTally {
  graderId: string;
  name: string;
  judgments: number;
  tasks: number;
  /** judgments with a preference (side-by-side) */
  withPreference: number;
  ties: number;
  /** non-tie judgments with a known side that preferred the left response */
  leftWins: number;
  sidedNonTies: number;
  flaggedTasks: number;
  lastSubmittedAt: number | null;
}

export interface Rate {
  value: number | null;
  /** null when n = 0 */
  low: number | null;
  high: number | null;
  n: number;
}

export interface GraderActivity extends Omit<GraderTally, "withPreference" | "ties" | "leftWins" | "sidedNonTies"> {
  medianSeconds: number | null;
  fastestSeconds: number | null;
  tieRate: Rate | null;
  positionBias: Rate | null;
}

export function rate(k: number, n: number): Rate {
  const ci = wilsonInterval(k, n);
  return { value: n ? k / n : null, low: ci?.low ?? null, high: ci?.high ?? null, n };
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
        positionBias: t.sidedNonTies ? rate(t.leftWins, t.sidedNonTies) : null,
      };
    })
    .sort((a, b) => b.judgments - a.judgments || a.name.localeCompare(b.name));
}
