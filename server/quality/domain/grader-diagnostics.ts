// Per-grader diagnostics for the quality dashboard: the activity figures plus gold accuracy,
// attention checks, agreement with the other graders, straight-lining and time, each rate with
// its n and Wilson interval, and the flags they raise. "Peers" are always the other graders of
// the study pooled, so that one careless grader does not set the bar they are measured against.
import { rate, type GraderActivity, type GraderTally, type Rate } from "../../dashboards/domain/grader-activity";
import { graderFlags } from "./grader-flags";

export interface GraderChecks {
  /** answers on gold and qualification items with an expected answer, and how many matched */
  gold: { correct: number; total: number };
  /** attention-check tasks done, and those with any checked answer wrong */
  attention: { failed: number; tasks: number };
  /** pairs (this grader, another grader) judging the same item and dimension, and how many agreed */
  agreement: { agreeing: number; pairs: number };
  /** tasks with two or more answered dimensions, and those with the same answer on all of them */
  straightLining: { uniform: number; tasks: number };
}

export interface GraderDiagnostics extends GraderActivity {
  goldAccuracy: Rate | null;
  attention: { failed: number; tasks: number };
  agreement: Rate | null;
  straightLining: Rate | null;
  tooFastTasks: number;
  flags: string[];
}

export interface DiagnosticSettings {
  passRate: number;
  minTaskSeconds: number;
}

const NO_CHECKS: GraderChecks = { gold: { correct: 0, total: 0 }, attention: { failed: 0, tasks: 0 }, agreement: { agreeing: 0, pairs: 0 }, straightLining: { uniform: 0, tasks: 0 } };

/** The pooled rate of everyone but one grader: (all − theirs) / (all n − their n). */
function peerRate(totalK: number, totalN: number, k: number, n: number): number | null {
  return totalN - n > 0 ? (totalK - k) / (totalN - n) : null;
}

export function graderDiagnostics(activity: GraderActivity[], tallies: GraderTally[], checks: Map<string, GraderChecks>,
  taskTimesMs: Map<string, number[]>, settings: DiagnosticSettings): GraderDiagnostics[] {
  const c = (id: string) => checks.get(id) ?? NO_CHECKS;
  const tallyOf = new Map(tallies.map((t) => [t.graderId, t]));
  let slK = 0, slN = 0, agK = 0, agN = 0, tieK = 0, tieN = 0;
  for (const a of activity) {
    const x = c(a.graderId);
    slK += x.straightLining.uniform; slN += x.straightLining.tasks;
    agK += x.agreement.agreeing; agN += x.agreement.pairs;
    const t = tallyOf.get(a.graderId);
    if (t) { tieK += t.ties; tieN += t.withPreference; }
  }
  const minMs = settings.minTaskSeconds * 1000;
  return activity.map((a) => {
    const x = c(a.graderId);
    const t = tallyOf.get(a.graderId);
    const goldAccuracy = x.gold.total ? rate(x.gold.correct, x.gold.total) : null;
    const agreement = x.agreement.pairs ? rate(x.agreement.agreeing, x.agreement.pairs) : null;
    const straightLining = x.straightLining.tasks ? rate(x.straightLining.uniform, x.straightLining.tasks) : null;
    const tooFastTasks = minMs > 0 ? (taskTimesMs.get(a.graderId) ?? []).filter((ms) => ms < minMs).length : 0;
    const flags = graderFlags({
      goldAccuracy, passRate: settings.passRate, attention: x.attention, positionBias: a.positionBias,
      straightLining, peerStraightLining: peerRate(slK, slN, x.straightLining.uniform, x.straightLining.tasks),
      agreement, peerAgreement: peerRate(agK, agN, x.agreement.agreeing, x.agreement.pairs),
      tieRate: a.tieRate, peerTieRate: t ? peerRate(tieK, tieN, t.ties, t.withPreference) : null,
      tasks: a.tasks, tooFastTasks, minTaskSeconds: settings.minTaskSeconds, medianSeconds: a.medianSeconds,
    });
    return { ...a, goldAccuracy, attention: x.attention, agreement, straightLining, tooFastTasks, flags };
  });
}
