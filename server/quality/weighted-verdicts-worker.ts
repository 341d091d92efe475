// A worker thread that fits one dimension's reliability-weighted verdicts
// (weighted-verdicts-in-worker.ts): pure computation on the data it is given, answered with one message.
import { parentPort, workerData } from "node:worker_threads";
import type { BootstrapOptions } from "../analytics/domain/bootstrap";
import type { CodedLabels } from "./domain/dawid-skene";
import { weightedVerdicts } from "./domain/weighted-verdicts";

const { dimension, labels, bootstrap } = workerData as { dimension: string; labels: CodedLabels; bootstrap: BootstrapOptions };
parentPort!.postMessage(weightedVerdicts(dimension, labels, bootstrap));
