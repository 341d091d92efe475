// A worker thread that rates a share of the leaderboard's slices (rate-in-workers.ts): pure
// computation on the data it is given, answered with one message.
import { parentPort, workerData } from "node:worker_threads";
import { rateSlices, type LeaderboardOptions, type PreparedSlice } from "./domain/leaderboard";

const { slices, models, options } = workerData as { slices: PreparedSlice[]; models: number; options: LeaderboardOptions };
parentPort!.postMessage(rateSlices(slices, models, options));
