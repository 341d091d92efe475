// Why a grader's work stands out, in words a researcher can act on. Every rule compares an
// interval or a count with a threshold stated here, and a rule only fires with enough data that
// one unlucky task cannot flag anyone.
import type { Rate } from "../../dashboards/domain/grader-activity";

export const FLAG_RULES = {
  /** gold answers needed before gold accuracy can flag */
  minGoldAnswers: 5,
  /** non-tie choices needed before position bias can flag (its interval also needs MIN_CLUSTERS tasks) */
  minNonTies: 10,
  /**
   * position bias flags when its interval lies wholly outside 50% ± this: with sides drawn at
   * random, an interval merely excluding 50% would flag one honest grader in twenty
   */
  biasMargin: 0.1,
  /** tasks with two or more answered dimensions needed before straight-lining can flag */
  minStraightTasks: 10,
  /** straight-lining flags at this many points above the other graders, and at least twice their rate */
  straightMargin: 0.25,
  /** judgment pairs needed before agreement can flag */
  minPairs: 20,
  /** agreement flags when its interval lies wholly this far below the other graders' rate */
  agreementMargin: 0.1,
  /** share of tasks under the study's minimum time that flags */
  tooFastShare: 0.1,
  /** with no minimum time set: a median below this many seconds flags */
  fallbackMedianSeconds: 10,
  /** judgments with a preference needed before the tie rate can flag */
  minTieJudgments: 10,
  /** the tie rate flags at this many points above the other graders */
  tieMargin: 0.3,
} as const;

export interface FlagInput {
  goldAccuracy: Rate | null;
  passRate: number;
  attention: { failed: number; tasks: number };
  positionBias: Rate | null;
  straightLining: Rate | null;
  peerStraightLining: number | null;
  agreement: Rate | null;
  peerAgreement: number | null;
  tieRate: Rate | null;
  peerTieRate: number | null;
  tasks: number;
  tooFastTasks: number;
  minTaskSeconds: number;
  medianSeconds: number | null;
}

const pct = (v: number | null) => (v === null ? "—" : `${Math.round(v * 100)}%`);
const ci = (r: Rate) => `95% CI ${pct(r.low)}–${pct(r.high)}, n = ${r.n}${r.clusters ? ` in ${r.clusters} tasks` : ""}`;

export function graderFlags(g: FlagInput): string[] {
  const R = FLAG_RULES;
  const out: string[] = [];
  const gold = g.goldAccuracy;
  if (gold && gold.n >= R.minGoldAnswers && gold.high !== null && gold.high < g.passRate) {
    out.push(`gold accuracy ${pct(gold.value)} (${ci(gold)}) below ${pct(g.passRate)}`);
  }
  if (g.attention.failed > 0) out.push(`failed ${g.attention.failed} of ${g.attention.tasks} attention checks`);
  const bias = g.positionBias;
  if (bias && bias.n >= R.minNonTies && bias.low !== null && bias.high !== null && (bias.low > 0.5 + R.biasMargin || bias.high < 0.5 - R.biasMargin)) {
    out.push(`chose the ${bias.low > 0.5 ? "left" : "right"} response in ${pct(bias.low > 0.5 ? bias.value : 1 - bias.value!)} of non-ties (left share ${ci(bias)})`);
  }
  const sl = g.straightLining;
  if (sl && g.peerStraightLining !== null && sl.n >= R.minStraightTasks && sl.value !== null
    && sl.value >= g.peerStraightLining + R.straightMargin && sl.value >= 2 * g.peerStraightLining) {
    out.push(`same answer on every dimension in ${pct(sl.value)} of tasks (others ${pct(g.peerStraightLining)})`);
  }
  const ag = g.agreement;
  if (ag && g.peerAgreement !== null && ag.n >= R.minPairs && ag.high !== null && ag.high < g.peerAgreement - R.agreementMargin) {
    out.push(`agrees with other graders on ${pct(ag.value)} of shared judgments (${ci(ag)}; others ${pct(g.peerAgreement)})`);
  }
  const tie = g.tieRate;
  if (tie && g.peerTieRate !== null && tie.n >= R.minTieJudgments && tie.value !== null && tie.value >= g.peerTieRate + R.tieMargin) {
    out.push(`ties on ${pct(tie.value)} of judgments (others ${pct(g.peerTieRate)})`);
  }
  if (g.minTaskSeconds > 0) {
    if (g.tooFastTasks > 0 && g.tasks > 0 && g.tooFastTasks / g.tasks >= R.tooFastShare) {
      out.push(`${g.tooFastTasks} of ${g.tasks} tasks faster than the ${g.minTaskSeconds} s minimum`);
    }
  } else if (g.medianSeconds !== null && g.medianSeconds < R.fallbackMedianSeconds) {
    out.push(`median under ${R.fallbackMedianSeconds} s per task`);
  }
  return out;
}
