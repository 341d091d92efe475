// The leaderboard: load the battles of the studies in scope, rate the models per dimension and
// slice (leaderboard/domain), and say plainly what could not be rated and why.
import { TRPCError } from "@trpc/server";
import type { Db } from "../db/client";
import { allOnly, slicesOf, type PromptAttributes } from "../analytics/domain/slices";
import { leaderboardRows, prepareSlices, standingNotes, type ItemBattles, type LeaderboardRow } from "./domain/leaderboard";
import { rateInWorkers } from "./rate-in-workers";
import { STYLE_FEATURES, styleDifference } from "./domain/style-features";
import { studyGroups } from "./domain/study-scope";
import * as repo from "./repo";
import type { TLeaderboardRequest } from "./schema";

export interface LeaderboardSlice {
  dimension: string;
  slice: string;
  prompts: number;
  /** the models in rank order, with what the CSV cannot say */
  standings: { model: string; rank: number; rating: number | null; unbounded: string | null; notes: string[] }[];
  /** observed win rate of each row model against each column model, where they met (ties as halves), and the fit's prediction */
  pairwise: { a: string; b: string; battles: number; observed: number; predicted: number | null }[];
  styleCoefficients: Record<string, number> | null;
  degenerateResamples: number;
  refused: { reason: string; components: string[][] } | null;
}

export interface Leaderboard {
  scope: { studies: string[]; leftOut: string[] };
  models: string[];
  dimensions: string[];
  options: { resamples: number; seed: number; styleControl: boolean };
  rows: LeaderboardRow[];
  slices: LeaderboardSlice[];
}

async function resolveScope(db: Db, names: string[]) {
  const all = await repo.sideBySideStudies(db);
  if (names.length) {
    const unknown = names.filter((n) => !all.some((s) => s.name === n));
    if (unknown.length) {
      throw new TRPCError({ code: "NOT_FOUND", message: `No side-by-side study named ${unknown.map((n) => `"${n}"`).join(", ")}. Side-by-side studies: ${all.map((s) => s.name).join(", ") || "none"}.` });
    }
    return { studies: all.filter((s) => names.includes(s.name)), leftOut: [] as string[] };
  }
  if (all.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: "There is no side-by-side study to rank models from." });
  const groups = studyGroups(all.map((s) => ({ name: s.name, models: s.models.map((m) => m.model.name) })));
  const chosen = new Set(groups[0].map((s) => s.name));
  return { studies: all.filter((s) => chosen.has(s.name)), leftOut: groups.slice(1).flat().map((s) => s.name) };
}

export async function leaderboard(db: Db, req: TLeaderboardRequest): Promise<Leaderboard> {
  const scope = await resolveScope(db, req.studies);
  const ids = scope.studies.map((s) => s.id);
  const [battles, items, allPrompts, styles] = await Promise.all([
    repo.battleRows(db, ids, req.dimension), repo.itemPairs(db, ids), repo.promptAttributes(db, ids),
    req.styleControl ? repo.responseStyles(db, ids) : Promise.resolve(null),
  ]);
  const prompts = req.locale ? new Map([...allPrompts].filter(([, p]) => p.locale === req.locale)) : allPrompts;
  const names = [...new Set(scope.studies.flatMap((s) => s.models.map((m) => m.model.name)))].sort();
  const index = new Map(names.map((n, i) => [n, i]));
  const noStyle = { length: 0, headers: 0, listItems: 0, bold: 0 };
  const input: ItemBattles[] = [];
  for (const b of battles) {
    const item = items.get(b.itemId);
    if (!item || !prompts.has(item.promptId)) continue; // control items, or outside the locale asked for
    input.push({ promptId: item.promptId, dimension: b.dimension, a: index.get(item.modelA)!, b: index.get(item.modelB)!, aWins: b.aWins, bWins: b.bWins, ties: b.ties,
      style: styles ? styleDifference(styles.get(item.responseA) ?? noStyle, styles.get(item.responseB) ?? noStyle) : [0, 0, 0, 0] });
  }
  if (input.length === 0) {
    throw new TRPCError({ code: "NOT_FOUND", message: `No counted judgment${req.dimension ? ` on "${req.dimension}"` : ""} in ${scope.studies.map((s) => `"${s.name}"`).join(", ")} yet.` });
  }
  const options = { resamples: req.resamples, seed: req.seed, styleControl: req.styleControl };
  const computed = await rateInWorkers(prepareSlices(input, prompts, options.seed, req.slices === "all" ? allOnly : slicesOf), names.length, options);
  const promptCount = (dimension: string, slice: string) => {
    const ids = new Set(input.filter((i) => i.dimension === dimension && inSlice(prompts.get(i.promptId)!, slice)).map((i) => i.promptId));
    return ids.size;
  };
  const slices: LeaderboardSlice[] = computed.map(({ dimension, slice, result }) => {
    if (result.kind === "refused") {
      return { dimension, slice, prompts: promptCount(dimension, slice), standings: [], pairwise: [], styleCoefficients: null, degenerateResamples: 0,
        refused: { reason: result.reason, components: result.components.map((c) => c.map((i) => names[i])) } };
    }
    const ratingOf = new Map(result.standings.map((s) => [s.model, s.rating]));
    return {
      dimension, slice, prompts: result.prompts, degenerateResamples: result.degenerateResamples,
      standings: result.standings.map((s) => ({ model: names[s.model], rank: s.rank, rating: s.rating, unbounded: s.unbounded, notes: standingNotes(s, names, result.resamples) })),
      pairwise: pairwiseRates(input.filter((i) => i.dimension === dimension && inSlice(prompts.get(i.promptId)!, slice)), names, ratingOf),
      styleCoefficients: result.styleCoefficients ? Object.fromEntries(STYLE_FEATURES.map((f, k) => [f, result.styleCoefficients![k]])) : null,
      refused: null,
    };
  });
  return {
    scope: { studies: scope.studies.map((s) => s.name), leftOut: scope.leftOut }, models: names,
    dimensions: [...new Set(input.map((i) => i.dimension))].sort(), options, rows: leaderboardRows(computed, names), slices,
  };
}

const inSlice = (p: PromptAttributes, slice: string) => slice === "all" || slicesOf(p).includes(slice);

function pairwiseRates(items: ItemBattles[], names: string[], ratings: Map<number, number | null>) {
  const m = names.length;
  const wins = new Float64Array(m * m), battles = new Float64Array(m * m);
  for (const it of items) {
    const n = it.aWins + it.bWins + it.ties;
    wins[it.a * m + it.b] += it.aWins + it.ties / 2;
    wins[it.b * m + it.a] += it.bWins + it.ties / 2;
    battles[it.a * m + it.b] += n;
    battles[it.b * m + it.a] += n;
  }
  const out: LeaderboardSlice["pairwise"] = [];
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < m; j++) {
      if (i === j || battles[i * m + j] === 0) continue;
      const ri = ratings.get(i), rj = ratings.get(j);
      out.push({ a: names[i], b: names[j], battles: battles[i * m + j], observed: wins[i * m + j] / battles[i * m + j],
        predicted: ri != null && rj != null ? 1 / (1 + Math.pow(10, (rj - ri) / 400)) : null });
    }
  }
  return out;
}

/** The side-by-side studies a researcher can rank models from, with their models. */
export async function leaderboardStudies(db: Db) {
  const all = await repo.sideBySideStudies(db);
  const groups = studyGroups(all.map((s) => ({ name: s.name, models: s.models.map((m) => m.model.name) })));
  return { studies: all.map((s) => ({ name: s.name, status: s.status, models: s.models.map((m) => m.model.name), dimensions: s.dimensions.map((d) => d.dimension.key) })),
    defaultScope: groups[0]?.map((s) => s.name) ?? [] };
}
