// A worker thread that computes a single-sided report's rows for some of its dimensions
// (score-rows-in-workers.ts): pure computation on the data it is given, answered with one message.
import { parentPort, workerData } from "node:worker_threads";
import type { BootstrapOptions } from "./domain/bootstrap";
import { rowChoiceOf, type RowChoiceData } from "./domain/row-choice";
import { ScoreSeries, type ScoreSeriesParts } from "./domain/single-sided-report";

const { parts, study, bootstrap, choice } = workerData as { parts: ScoreSeriesParts; study: string; bootstrap: BootstrapOptions; choice: RowChoiceData };
parentPort!.postMessage(ScoreSeries.fromParts(parts).rows(study, bootstrap, rowChoiceOf(choice)));
