// A kept worker thread that fits reliability-weighted verdicts (weighted-verdicts-on-workers.ts), one
// dimension after another: pure computation on the data each task brings.
import type { BootstrapOptions } from "../analytics/domain/bootstrap";
import { weightedVerdictsInTurn, type DimensionLabels } from "./domain/weighted-verdicts";
import { serveComputeTasks } from "../workers/serve-compute-tasks";

serveComputeTasks(({ dimensions, bootstrap }: { dimensions: DimensionLabels[]; bootstrap: BootstrapOptions }) => weightedVerdictsInTurn(dimensions, bootstrap));
