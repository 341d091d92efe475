// A dimension's reliability-weighted verdicts fitted on a worker thread: a million judgments take
// about a second of EM per dimension, during which the server's own thread stays free for other
// requests, and a study's dimensions fit on the machine's cores at once. Each fit depends on its
// own labels and seeds alone, so the results are those of the same fit in this thread. Small
// dimensions are fitted here: starting a worker costs more than their fit.
import type { BootstrapOptions } from "../analytics/domain/bootstrap";
import type { CodedLabels } from "./domain/dawid-skene";
import { weightedVerdicts, type WeightedVerdicts } from "./domain/weighted-verdicts";
import { runComputeWorker } from "../workers/compute-worker";

/** Judgments of a dimension below which it is fitted in this thread. */
const WORKER_THRESHOLD = 50_000;

export function weightedVerdictsInWorker(dimension: string, labels: CodedLabels, bootstrap: BootstrapOptions, threshold = WORKER_THRESHOLD): Promise<WeightedVerdicts> {
  if (labels.item.length < threshold) return Promise.resolve(weightedVerdicts(dimension, labels, bootstrap));
  return runComputeWorker<WeightedVerdicts>("weighted-verdicts-worker", { dimension, labels, bootstrap }, "reliability-weighted verdicts");
}
