import { z } from "zod";

/** What a leaderboard spans and how it is computed; the page keeps it in its URL. */
export const ZLeaderboardRequest = z.object({
  // Study names; none: every side-by-side study that shares models with the largest group.
  studies: z.array(z.string().trim().min(1).max(120)).max(100).default([]),
  dimension: z.string().trim().min(1).max(40).optional(),
  resamples: z.number().int().min(1000).max(10_000).default(1000),
  seed: z.number().int().min(0).max(2 ** 31).default(20260101),
  styleControl: z.boolean().default(true),
  // Which slices beyond "all": the report's families (locale, region, category, modality).
  slices: z.enum(["all", "every"]).default("every"),
});
export type TLeaderboardRequest = z.infer<typeof ZLeaderboardRequest>;

// What the page receives: the service's result type, shared with client components from here.
export type { Leaderboard, LeaderboardSlice } from "./service";
