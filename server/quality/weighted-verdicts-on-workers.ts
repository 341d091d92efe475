// Reliability-weighted verdicts fitted on worker threads: a million judgments take about a second
// of EM per dimension, during which the server's own thread stays free for other requests. The
// dimensions are handed out one at a time to as many kept workers as there are cores, each worker
// taking the next dimension when it is done: how many E-steps a dimension needs is known only once
// it has settled (128 to 484 in the studies measured), so fixed shares could leave one core idle
// while the other fits two slow dimensions. Each fit depends on its own labels and seeds alone, so
// the results are those of the same fits in this thread. Small studies are fitted here: handing
// the labels over costs more than the fits.
import os from "node:os";
import type { BootstrapOptions } from "../analytics/domain/bootstrap";
import { weightedVerdictsInTurn, type DimensionLabels, type WeightedVerdicts } from "./domain/weighted-verdicts";
import { runComputeWorker } from "../workers/compute-worker";

/** Judgments (over every dimension) below which the fits run in this thread. */
const WORKER_THRESHOLD = 50_000;

/** The weighted verdicts of each dimension, in the order given. */
export async function weightedVerdictsOnWorkers(dimensions: DimensionLabels[], bootstrap: BootstrapOptions, threshold = WORKER_THRESHOLD): Promise<WeightedVerdicts[]> {
  const judgments = dimensions.reduce((n, d) => n + d.labels.item.length, 0);
  if (judgments < threshold) return weightedVerdictsInTurn(dimensions, bootstrap);
  const out = new Array<WeightedVerdicts>(dimensions.length);
  let next = 0;
  const worker = async () => {
    for (let k = next++; k < dimensions.length; k = next++) {
      [out[k]] = await runComputeWorker<WeightedVerdicts[]>("weighted-verdicts-worker", { dimensions: [dimensions[k]], bootstrap }, "reliability-weighted verdicts");
    }
  };
  await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), dimensions.length) }, worker));
  return out;
}
