// A kept worker thread that computes a single-sided report's rows for some of its dimensions
// (score-rows-in-workers.ts): pure computation on the data each task brings.
import type { BootstrapOptions } from "./domain/bootstrap";
import { rowChoiceOf, type RowChoiceData } from "./domain/row-choice";
import { ScoreSeries, type ScoreSeriesParts } from "./domain/single-sided-report";
import { serveComputeTasks } from "../workers/serve-compute-tasks";

serveComputeTasks(({ parts, study, bootstrap, choice }: { parts: ScoreSeriesParts; study: string; bootstrap: BootstrapOptions; choice: RowChoiceData }) =>
  ScoreSeries.fromParts(parts).rows(study, bootstrap, rowChoiceOf(choice)));
