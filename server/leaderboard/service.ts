// The leaderboard: load the battles of the studies in scope, rate the models per dimension and
// slice (leaderboard/domain), and say plainly what could not be rated and why.
import { TRPCError } from "@trpc/server";
import type { Db } from "../db/client";
import { allOnly, slicesOf } from "../analytics/domain/slices";
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
  const [battles, items, prompts, styles] = await Promise.all([
    repo.battleRows(db, ids, req.dimension), repo.itemPairs(db, ids), repo.promptAttributes(db, ids),
    req.styleControl ? repo.responseStyles(db, ids) : Promise.resolve(null),
  ]);
  const names = [...new Set(scope.studies.flatMap((s) => s.models.map((m) => m.model.name)))].sort();
  const index = new Map(names.map((n, i) => [n, i]));
  const noStyle = { length: 0, headers: 0, listItems: 0, bold: 0 };
  const input: ItemBattles[] = [];
  for (const b of battles) {
    const item = items.get(b.itemId);
    if (!item) continue; // a control item: not study material
    input.push({ promptId: item.promptId, dimension: b.dimension, a: index.get(item.modelA)!, b: index.get(item.modelB)!, aWins: b.aWins, bWins: b.bWins, ties: b.ties,
      style: styles ? styleDifference(styles.get(item.responseA) ?? noStyle, styles.get(item.responseB) ?? noStyle) : [0, 0, 0, 0] });
  }
  if (input.length === 0) {
    throw new TRPCError({ code: "NOT_FOUND", message: `No counted judgment${req.dimension ? ` on "${req.dimension}"` : ""} in ${scope.studies.map((s) => `"${s.name}"`).join(", ")} yet.` });
  }
  const options = { resamples: req.resamples, seed: req.seed, styleControl: req.styleControl };
  const computed = await rateInWorkers(prepareSlices(input, prompts, options.seed, req.slices === "all" ? allOnly : slicesOf), names.length, options);
  const slices: LeaderboardSlice[] = computed.map(({ dimension, slice, result }) => {
    if (result.kind === "refused") {
      return { dimension, slice, prompts: result.prompts, standings: [], pairwise: [], styleCoefficients: null, degenerateResamples: 0,
        refused: { reason: result.reason, components: result.components.map((c) => c.map((i) => names[i])) } };
    }
    return {
      dimension, slice, prompts: result.prompts, degenerateResamples: result.degenerateResamples,
      standings: result.standings.map((s) => ({ model: names[s.model], rank: s.rank, rating: s.rating, unbounded: s.unbounded, notes: standingNotes(s, names, result.resamples) })),
      pairwise: result.pairwise.map((p) => ({ ...p, a: names[p.a], b: names[p.b] })),
      styleCoefficients: result.styleCoefficients ? Object.fromEntries(STYLE_FEATURES.map((f, k) => [f, result.styleCoefficients![k]])) : null,
      refused: null,
    };
  });
  return {
    scope: { studies: scope.studies.map((s) => s.name), leftOut: scope.leftOut }, models: names,
    dimensions: [...new Set(input.map((i) => i.dimension))].sort(), options, rows: leaderboardRows(computed, names), slices,
  };
}

/** The side-by-side studies a researcher can rank models from, with their models. */
export async function leaderboardStudies(db: Db) {
  const all = await repo.sideBySideStudies(db);
  const groups = studyGroups(all.map((s) => ({ name: s.name, models: s.models.map((m) => m.model.name) })));
  return { studies: all.map((s) => ({ name: s.name, status: s.status, models: s.models.map((m) => m.model.name), dimensions: s.dimensions.map((d) => d.dimension.key) })),
    defaultScope: groups[0]?.map((s) => s.name) ?? [] };
}
