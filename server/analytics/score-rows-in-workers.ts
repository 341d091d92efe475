// A single-sided report's rows computed on worker threads, a share of its dimensions on each:
// every dimension's rows depend on its own series and seeds alone, so they split across the
// machine's cores with identical results, and the server's own thread stays free meanwhile. Most
// of the time is bootstrap draws (2,000 resamples for each of some hundred intervals per dimension
// at a million judgments). Small studies are computed here: starting a worker costs more.
import os from "node:os";
import { balancedShares, runComputeWorker } from "../workers/compute-worker";
import type { BootstrapOptions } from "./domain/bootstrap";
import type { ReportRow } from "./domain/report-row";
import { rowChoiceData, type RowChoice } from "./domain/row-choice";
import type { ScoreSeries } from "./domain/single-sided-report";

/** Scored (prompt, model) pairs below which a report is computed in this thread. */
const WORKER_THRESHOLD = 40_000;

export async function scoreRowsInWorkers(series: ScoreSeries, study: string, bootstrap: BootstrapOptions, choice?: RowChoice,
  threshold = WORKER_THRESHOLD): Promise<ReportRow[]> {
  const dimensions = series.dimensions();
  const costs = dimensions.map((d) => series.scoredUnits(d));
  const threads = Math.min(dimensions.length, os.availableParallelism());
  if (costs.reduce((a, b) => a + b, 0) < threshold || threads < 2) return series.rows(study, bootstrap, choice);
  // Each share's dimensions in the rows' order; the shares' rows then merge back into it.
  const shares = balancedShares(costs, threads).map((share) => share.sort((a, b) => a - b));
  const results = await Promise.all(shares.map((share) => runComputeWorker<ReportRow[]>("score-rows-worker", {
    parts: series.parts(share.map((i) => dimensions[i])), study, bootstrap, choice: rowChoiceData(choice),
  }, "single-sided report")));
  const byDimension = new Map<string, ReportRow[]>();
  for (const rows of results) for (const r of rows) (byDimension.get(r.dimension) ?? byDimension.set(r.dimension, []).get(r.dimension)!).push(r);
  return dimensions.flatMap((d) => byDimension.get(d) ?? []);
}
