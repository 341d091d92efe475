// What one bootstrap resample costs by each of resample-counts.ts's exact ways of drawing it, over
// the shapes the reports meet: n units of a few types (a mean's distinct prompt means), of a few
// hundred types (paired means, alpha's histograms), and of many small types (a leaderboard slice).
// Each figure is nanoseconds per resample and its ratio to the cheapest way on that shape; the
// constants in cheapestWay (resample-counts.ts) come from these ratios.
//   npm run bench:resample-ways -- [--resamples 2000]
import { intFlag, parseArgs } from "../server/cli/args";
import { ResampleCounts } from "../server/analytics/domain/resample-counts";
import { mulberry32 } from "../server/analytics/domain/seeded-random";

const args = parseArgs(process.argv.slice(2));
const RESAMPLES = intFlag(args, "resamples", 2000);
const WAYS = ["units", "poisson", "binomials"] as const;

/** `types` counts adding up to n, unequal as real distinct values are (geometric-ish shares). */
function countsOf(n: number, types: number): number[] {
  const weights = Array.from({ length: types }, (_, t) => 1 / (1 + t));
  const total = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.max(1, Math.floor((w / total) * n)));
  counts[0] += n - counts.reduce((a, b) => a + b, 0);
  return counts;
}

const shapes: [number, number][] = [[500, 13], [5_000, 13], [41_667, 13], [41_667, 35], [5_000, 169], [41_667, 169], [41_667, 1_000], [333_333, 5_000]];
console.log("n, types: ns per resample by way (ratio to the cheapest); auto's choice");
for (const [n, types] of shapes) {
  const counts = countsOf(n, types);
  const ns = new Map<string, number>();
  for (const way of WAYS) {
    const r = ResampleCounts.ofCounts(counts, way);
    const out = new Int32Array(types);
    const u = mulberry32(7);
    const reps = Math.max(50, Math.round((RESAMPLES * 20_000) / Math.max(n, types * 50)));
    for (let i = 0; i < Math.min(reps, 200); i++) r.draw(u, out); // warm up
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < reps; i++) r.draw(u, out);
    ns.set(way, Number(process.hrtime.bigint() - t0) / reps);
  }
  const best = Math.min(...ns.values());
  const auto = ResampleCounts.ofCounts(counts).wayOfDrawing;
  console.log(`${n}, ${types}: ${WAYS.map((w) => `${w} ${ns.get(w)!.toFixed(0)} ns (${(ns.get(w)! / best).toFixed(2)}×)`).join(", ")}; auto: ${auto}`);
}
