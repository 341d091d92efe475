// A kept worker thread that rates shares of the leaderboard's slices (rate-in-workers.ts): pure
// computation on the data each task brings.
import { rateSlices, type LeaderboardOptions, type PreparedSlice } from "./domain/leaderboard";
import { serveComputeTasks } from "../workers/serve-compute-tasks";

serveComputeTasks(({ slices, models, options }: { slices: PreparedSlice[]; models: number; options: LeaderboardOptions }) => rateSlices(slices, models, options));
