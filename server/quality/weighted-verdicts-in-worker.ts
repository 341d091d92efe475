// Reliability-weighted verdicts fitted on a worker thread: a million judgments take about a second
// of EM per dimension, during which the server's own thread stays free for other requests. The
// caller hands over one share of a study's dimensions at a time (the share one read returned), and
// the worker fits them one after another: one busy thread per core. A worker per dimension ran
// four at once on two cores, each compiling the fit's code afresh, and took longer in all than the
// same fits in turn. Each fit depends on its own labels and seeds alone, so the results are those
// of the same fits in this thread. Small shares are fitted here: starting a worker costs more.
import type { BootstrapOptions } from "../analytics/domain/bootstrap";
import { weightedVerdictsInTurn, type DimensionLabels, type WeightedVerdicts } from "./domain/weighted-verdicts";
import { runComputeWorker } from "../workers/compute-worker";

/** Judgments of a share below which it is fitted in this thread. */
const WORKER_THRESHOLD = 50_000;

/** The weighted verdicts of each dimension of the share, in the share's order. */
export function weightedVerdictsInWorker(dimensions: DimensionLabels[], bootstrap: BootstrapOptions, threshold = WORKER_THRESHOLD): Promise<WeightedVerdicts[]> {
  const judgments = dimensions.reduce((n, d) => n + d.labels.item.length, 0);
  if (judgments < threshold) return Promise.resolve(weightedVerdictsInTurn(dimensions, bootstrap));
  return runComputeWorker<WeightedVerdicts[]>("weighted-verdicts-worker", { dimensions, bootstrap }, "reliability-weighted verdicts");
}
