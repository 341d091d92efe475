// Dashboards show the report's numbers: every figure here comes from the report's own row builders
// (server/analytics/domain) over the judgments a filter keeps. The headline of a side-by-side
// study is tallied by the database first so that it draws fast on a million judgments.
import { TRPCError } from "@trpc/server";
import type { Db } from "../db/client";
import { DEFAULT_BOOTSTRAP } from "../analytics/domain/bootstrap";
import { AlphaTally } from "../analytics/domain/alpha-tally";
import { filterPrompts, filterUnits, narrowsPrompts, unitKeep, type ReportFilter } from "../analytics/domain/report-filter";
import type { ReportRow } from "../analytics/domain/report-row";
import { addToTally, emptyPreferenceTally, preferenceTallyRows, sideBySideRows, unitOfHistogram, type PreferenceTally } from "../analytics/domain/side-by-side-report";
import type { RowChoice } from "../analytics/domain/row-choice";
import { SCORE_POINTS, ScoreSeries, modelScoreRows } from "../analytics/domain/single-sided-report";
import { scoreRowsInWorkers } from "../analytics/score-rows-in-workers";
import { allOnly } from "../analytics/domain/slices";
import { addCluster, type ClusterTally } from "../analytics/domain/cluster-bootstrap";
import { verdictRuleOf } from "../analytics/domain/verdict-rule";
import * as analytics from "../analytics/repo";
import { activeExclusions, graderDiagnosticsOf, reliabilityWeightedVerdicts } from "../quality/service";
import { preferenceGroupsOverTime, scoresOverTime } from "./domain/over-time";
import { histogramsByHour } from "./domain/histograms-by-hour";
import { wantedOn } from "../analytics/domain/row-choice";
import { PREFERENCE_POINTS } from "../analytics/domain/side-by-side-report";
import { dimensionApplies } from "../studies/domain/modality";
import * as repo from "./repo";

type Study = NonNullable<Awaited<ReturnType<typeof analytics.findStudy>>>;

async function loadStudy(db: Db, studyId: string): Promise<Study> {
  const s = await analytics.findStudy(db, { id: studyId });
  if (!s) throw new TRPCError({ code: "NOT_FOUND", message: "No such study." });
  return s;
}

/**
 * The pair a side-by-side dashboard shows, and the filter with that pair in it: a study of two
 * models has one pair; one of more shows the pair asked for, or else its first.
 */
async function pairView(db: Db, s: Study, filter: ReportFilter): Promise<{ head: { study: string; modelA: string; modelB: string }; filter: ReportFilter }> {
  if (s.models.length === 2) return { head: { study: s.name, modelA: s.models[0].model.name, modelB: s.models[1].model.name }, filter: { ...filter, pair: undefined } };
  const pairs = await repo.studyPairs(db, s.id);
  const chosen = pairs.find((p) => filter.pair && p.a === filter.pair[0] && p.b === filter.pair[1]) ?? pairs[0];
  if (!chosen) return { head: { study: s.name, modelA: "", modelB: "" }, filter };
  return { head: { study: s.name, modelA: chosen.a, modelB: chosen.b }, filter: { ...filter, pair: [chosen.a, chosen.b] } };
}

/** What the dashboard page needs before any number: models, dimensions and the values each filter offers. */
export async function dashboardStudy(db: Db, studyId: string) {
  const s = await loadStudy(db, studyId);
  const facets = await repo.studyFacets(db, studyId);
  const count = (pick: (c: (typeof facets.combos)[number]) => string) => {
    const m = new Map<string, number>();
    for (const c of facets.combos) m.set(pick(c), (m.get(pick(c)) ?? 0) + c.items);
    return [...m].sort(([a], [b]) => a.localeCompare(b)).map(([value, items]) => ({ value, items }));
  };
  const sxs = s.type === "SIDE_BY_SIDE";
  // Side-by-side: the pairs (one for two models); the page shows one at a time, candidate = model A.
  const pairs = sxs ? (s.models.length === 2 ? [{ a: s.models[0].model.name, b: s.models[1].model.name, items: facets.combos.reduce((n, c) => n + c.items, 0) }] : await repo.studyPairs(db, studyId)) : [];
  return {
    id: s.id, name: s.name, type: s.type, pairing: s.pairing, verdictRule: verdictRuleOf(s.verdictRule),
    candidate: pairs[0]?.a ?? null, baseline: pairs[0]?.b ?? null, pairs,
    models: s.models.map((m) => m.model.name).sort(),
    dimensions: facets.dimensions.map((d) => ({ key: d.key, label: d.label })),
    locales: count((c) => c.locale), regions: count((c) => c.region), categories: count((c) => c.category), modalities: count((c) => c.modality),
    // Every number on the dashboard leaves these out; the page says so above the charts.
    exclusions: (await activeExclusions(db, studyId)).map((x) => ({ grader: x.grader.displayName, from: x.fromAt, until: x.untilAt, reason: x.reason, judgments: x.judgments })),
  };
}

/** Slice "all" per dimension: the headline chart's numbers. */
export async function headline(db: Db, studyId: string, filter: ReportFilter): Promise<ReportRow[]> {
  const s = await loadStudy(db, studyId);
  if (s.type === "SIDE_BY_SIDE") {
    const { head: h, filter: f } = await pairView(db, s, filter);
    const rule = verdictRuleOf(s.verdictRule);
    const tallies = new Map<string, PreferenceTally>();
    for (const g of await repo.sideBySideHeadlineGroups(db, studyId, f)) {
      const t = tallies.get(g.dimension) ?? tallies.set(g.dimension, emptyPreferenceTally()).get(g.dimension)!;
      addToTally(t, unitOfHistogram("", g.dimension, g.histogram, g.leftWins, g.sidedNonTies), rule, g.prompts);
    }
    return [...tallies.keys()].sort().flatMap((d) => preferenceTallyRows(h, d, "all", tallies.get(d)!, DEFAULT_BOOTSTRAP));
  }
  return singleSidedHeadline(s.name, await repo.singleSidedHeadlineGroups(db, studyId, filter));
}

/**
 * Per-model rows for slice "all" from the distribution of prompt means (repo.singleSidedHeadlineGroups):
 * the same statistics and bootstrap draws as the report. Relative improvements need prompts paired
 * across models and come with the full report (dashboards.report), which the page loads next.
 */
function singleSidedHeadline(study: string, groups: repo.ScoreGroup[], choice?: RowChoice): ReportRow[] {
  const byKey = new Map<string, repo.ScoreGroup[]>();
  for (const g of groups) {
    const k = `${g.dimension}\u0000${g.model}`;
    (byKey.get(k) ?? byKey.set(k, []).get(k)!).push(g);
  }
  return [...byKey.keys()].sort().flatMap((k) => {
    const [dimension, model] = k.split("\u0000");
    const gs = byKey.get(k)!;
    const topBox: ClusterTally = new Map();
    const alpha = new AlphaTally(SCORE_POINTS);
    const means = new Map<number, number>(); // a prompt's mean score → prompts with it, as the report counts them
    let prompts = 0;
    let judgments = 0;
    for (const g of gs) {
      const n = g.histogram.reduce((a, b) => a + b, 0);
      const sum = g.histogram.reduce((a, c, i) => a + c * (i + 1), 0);
      prompts += g.prompts;
      judgments += n * g.prompts;
      means.set(sum / n, (means.get(sum / n) ?? 0) + g.prompts);
      addCluster(topBox, g.histogram[3] + g.histogram[4], n, g.prompts); // scores 4 and 5
      alpha.add(g.histogram, g.prompts);
    }
    return modelScoreRows(study, dimension, "all", model, {
      prompts, judgments, topBox, bootstrap: DEFAULT_BOOTSTRAP, alpha, means, wanted: wantedOn(choice, "all"),
    });
  });
}

/**
 * The rows the dashboard draws: everything but agreement and position bias per slice (the quality
 * section shows them for the whole view; the report file has them per slice). At a million
 * single-sided judgments agreement on the other slices was a third of this request's work.
 */
const BREAKDOWN_ROWS: RowChoice = { overallOnly: new Set(["alpha", "alpha_ordinal", "position_bias"]) };

/** The report over what the filter keeps, every slice (locale, region, category, modality); single-sided, the rows the dashboard draws. */
export async function filteredReport(db: Db, studyId: string, filter: ReportFilter): Promise<ReportRow[]> {
  const s = await loadStudy(db, studyId);
  if (s.type === "SIDE_BY_SIDE") {
    const [{ head: h, filter: f }, { units, attributes }] = await Promise.all([pairView(db, s, filter), analytics.preferenceUnitGroups(db, studyId)]);
    const kept = filterPrompts(attributes, filter);
    return sideBySideRows(h, filterUnits(units, kept, f), kept, { bootstrap: DEFAULT_BOOTSTRAP, rule: verdictRuleOf(s.verdictRule), choice: BREAKDOWN_ROWS });
  }
  // The units and the prompts' attributes are read side by side (as the report does).
  const [units, prompts] = await Promise.all([analytics.scoreUnitColumns(db, studyId), analytics.promptAttributes(db, studyId)]);
  const kept = filterPrompts(prompts, filter);
  const series = new ScoreSeries(kept);
  for (const part of units) series.addColumns(part, unitKeep(kept, filter));
  return scoreRowsInWorkers(series, s.name, DEFAULT_BOOTSTRAP, BREAKDOWN_ROWS);
}

const FLAGGED_SHOWN = 100;

/** Who did the work and how: per-grader activity, checks and flags, and the flagged tasks with their comments. */
export async function quality(db: Db, studyId: string, requested: ReportFilter) {
  const s = await loadStudy(db, studyId);
  const filter = s.type === "SIDE_BY_SIDE" ? (await pairView(db, s, requested)).filter : requested;
  const work = await repo.graderWork(db, studyId, s.type, filter);
  // The newest flagged tasks first (ties by id, so the list is stable), then what the list shows of them.
  const newest = [...work.flagged].sort((a, b) => b.at - a.at || (a.assignmentId < b.assignmentId ? -1 : 1)).slice(0, FLAGGED_SHOWN);
  const [diagnostics, tasks] = await Promise.all([graderDiagnosticsOf(db, studyId, filter, work.tallies, work),
    repo.flaggedTaskDetails(db, studyId, filter, newest.map((t) => t.assignmentId))]);
  return { ...diagnostics, flagged: { total: work.flagged.length, tasks } };
}

/** The reliability-weighted verdicts of the pair in view, beside the quality section's plain ones. */
export async function weightedVerdicts(db: Db, studyId: string, requested: ReportFilter) {
  const s = await loadStudy(db, studyId);
  const filter = s.type === "SIDE_BY_SIDE" ? (await pairView(db, s, requested)).filter : requested;
  return reliabilityWeightedVerdicts(db, studyId, filter);
}

const HEADLINE_METRICS: ReadonlySet<string> = new Set(["n_prompts", "n_judgments", "win_rate_a", "tie_rate", "win_rate_b", "decisive_rate_a", "mean_score", "relative_improvement_mean"]);
/**
 * The single-sided rows the over-time chart draws: each model's mean score with its band. The paired
 * relative improvement is not drawn, and at a million judgments its ten paired bootstraps per
 * dimension were most of the view's computing.
 */
const SCORES_OVER_TIME: RowChoice = { metrics: new Set(["n_prompts", "n_judgments", "mean_score"]) };
const OVER_TIME_POINTS = 10;
/**
 * Above this many counted judgments, a view that does not narrow the prompts is replayed hour by
 * hour from the study's hourly histogram shifts (a few thousand rows) instead of judgment by
 * judgment (every judgment read: 18 s at ten million on PostgreSQL). Below it the replay takes
 * milliseconds and its points fall on exact judgment counts, which a study graded within a few
 * hours needs.
 */
export const HOURLY_ABOVE = 100_000;

interface OverTimePoint {
  /** counted judgments submitted up to this point */
  judgments: number;
  /** when: the last of them, or the end of their hour (not later than now) when `hourly` */
  at: string;
  /** the point sums whole hours (a large study's replay): judgments within one hour are taken together */
  hourly: boolean;
  rows: ReportRow[];
}

/** The headline rows at evenly spaced judgment counts, in submission order (whole hours for large studies). */
export async function overTime(db: Db, studyId: string, requested: ReportFilter, hourlyAbove = HOURLY_ABOVE): Promise<OverTimePoint[]> {
  const s = await loadStudy(db, studyId);
  const view = s.type === "SIDE_BY_SIDE" ? await pairView(db, s, requested) : null;
  const filter = view?.filter ?? requested;
  const points: OverTimePoint[] = [];
  const sideBySideOptions = { bootstrap: DEFAULT_BOOTSTRAP, rule: verdictRuleOf(s.verdictRule), slicing: allOnly, choice: { metrics: HEADLINE_METRICS } };
  if (!narrowsPrompts(filter)) { // the shifts keep no prompt attributes
    const { shifts, series } = await repo.hourlyShifts(db, studyId, filter, view ? PREFERENCE_POINTS : SCORE_POINTS, !view);
    if (shifts.reduce((n, x) => n + x.judgments, 0) > hourlyAbove) {
      const now = Date.now();
      histogramsByHour(shifts, OVER_TIME_POINTS, (count, endsAt, groups) => {
        const at = new Date(Math.min(endsAt, now)).toISOString();
        const rows = view
          ? sideBySideRows(view.head, groups.map((g) => Object.assign(unitOfHistogram("", series[g.series].dimension, g.histogram, 0, 0), { count: g.units })), new Map(), sideBySideOptions)
          : singleSidedHeadline(s.name, groups.map((g) => ({ dimension: series[g.series].dimension, model: series[g.series].model, histogram: g.histogram, prompts: g.units })), SCORES_OVER_TIME);
        points.push({ judgments: count, at, hourly: true, rows });
      });
      return points;
    }
  }
  if (view) {
    // Slice "all" only: the prompts' attributes are not needed.
    const judgments = await repo.timedJudgments(db, studyId, s.type, filter);
    preferenceGroupsOverTime(judgments, OVER_TIME_POINTS, (d) => judgments.dimensionKeys[d], (count, at, units) => points.push({
      judgments: count, at: new Date(at).toISOString(), hourly: false, rows: sideBySideRows(view.head, units, new Map(), sideBySideOptions) }));
  } else {
    const [judgments, keys, prompts] = await Promise.all([
      repo.timedJudgments(db, studyId, s.type, filter), analytics.studyKeys(db, studyId), analytics.promptAttributes(db, studyId),
    ]);
    const series = new ScoreSeries(prompts, allOnly);
    scoresOverTime(judgments, OVER_TIME_POINTS, series, (i) => keys.items.get(judgments.itemIds[i])!, (d) => judgments.dimensionKeys[d],
      (count, at) => points.push({ judgments: count, at: new Date(at).toISOString(), hourly: false, rows: series.rows(s.name, DEFAULT_BOOTSTRAP, SCORES_OVER_TIME) }));
  }
  return points;
}

/** The study page's progress by dimension: judgments stored against what k asks for on the prompts the dimension applies to. */
export async function dimensionProgress(db: Db, studyId: string) {
  const { redundancy } = await loadStudy(db, studyId);
  const [facets, done] = await Promise.all([repo.studyFacets(db, studyId), repo.progressByDimension(db, studyId)]);
  return facets.dimensions.map((d) => {
    const applicable = facets.combos.filter((c) => dimensionApplies(d, c.modality)).reduce((n, c) => n + c.items, 0);
    const row = done.find((r) => r.key === d.key);
    return { key: d.key, label: d.label, judgments: row?.judgments ?? 0, wanted: applicable * redundancy, cannotAssess: row?.cannotAssess ?? 0 };
  });
}
