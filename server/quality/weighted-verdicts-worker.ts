// A worker thread that fits reliability-weighted verdicts (weighted-verdicts-in-worker.ts), one
// dimension after another: pure computation on the data it is given, answered with one message.
import { parentPort, workerData } from "node:worker_threads";
import type { BootstrapOptions } from "../analytics/domain/bootstrap";
import { weightedVerdictsInTurn, type DimensionLabels } from "./domain/weighted-verdicts";

const { dimensions, bootstrap } = workerData as { dimensions: DimensionLabels[]; bootstrap: BootstrapOptions };
parentPort!.postMessage(weightedVerdictsInTurn(dimensions, bootstrap));
