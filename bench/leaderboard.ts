// The leaderboard's computation at the scale: 1,000,000 battles among 50 models (one
// balanced pair per prompt, three graders each, 10% ties), every slice (all, 10 locales, 3
// regions, 8 categories, 2 modalities), 1,000 bootstrap resamples of prompts and style control.
// Baselines measured in the same run: one pass that only sums the battles into pair totals, and
// one point fit of the "all" slice (what any Bradley–Terry leaderboard must do at least once).
//   npm run bench:leaderboard -- [--battles 1000000] [--models 50] [--resamples 1000]
import { intFlag, parseArgs } from "../server/cli/args";
import { mulberry32 } from "../server/analytics/domain/seeded-random";
import { allOnly, slicesOf, type PromptAttributes } from "../server/analytics/domain/slices";
import { fitBradleyTerry } from "../server/leaderboard/domain/bradley-terry";
import { computeLeaderboard, prepareSlices, rateSlices, type ItemBattles } from "../server/leaderboard/domain/leaderboard";
import { rateInWorkers } from "../server/leaderboard/rate-in-workers";
import { PairTotals } from "../server/leaderboard/domain/pair-totals";

const args = parseArgs(process.argv.slice(2));
const BATTLES = intFlag(args, "battles", 1_000_000);
const M = intFlag(args, "models", 50);
const RESAMPLES = intFlag(args, "resamples", 1000);
const GRADERS = 3;

const u = mulberry32(20261201);
const truth = Array.from({ length: M }, (_, i) => 1000 + (i - M / 2) * 8);
const LOCALES = ["en-US", "de-DE", "fr-FR", "ja-JP", "zh-CN", "es-MX", "pt-BR", "ko-KR", "ar-SA", "it-IT"];
const REGION: Record<string, string> = { "en-US": "Americas", "es-MX": "Americas", "pt-BR": "Americas", "de-DE": "Europe", "fr-FR": "Europe", "it-IT": "Europe" };
const items: ItemBattles[] = [];
const prompts = new Map<string, PromptAttributes>();
for (let p = 0; p < BATTLES / GRADERS; p++) {
  const id = `p${p}`;
  const locale = LOCALES[p % LOCALES.length];
  prompts.set(id, { locale, region: REGION[locale] ?? "Asia-Pacific", category: `c${p % 8}`, modality: p % 5 ? "TEXT" : "IMAGE" });
  const a = Math.floor(u() * M);
  let b = Math.floor(u() * (M - 1));
  if (b >= a) b++;
  const pa = 1 / (1 + 10 ** ((truth[b] - truth[a]) / 400));
  const it: ItemBattles = { promptId: id, dimension: "overall", a, b, aWins: 0, bWins: 0, ties: 0, style: [u() - 0.5, 0, (u() - 0.5) / 2, u() < 0.1 ? 0.5 : 0] };
  for (let g = 0; g < GRADERS; g++) {
    const x = u();
    if (x < 0.1) it.ties++;
    else if (x < 0.1 + 0.9 * pa) it.aWins++;
    else it.bWins++;
  }
  items.push(it);
}

const time = <T>(fn: () => T): [T, number] => {
  const t0 = performance.now();
  const r = fn();
  return [r, (performance.now() - t0) / 1000];
};

const [, sumPass] = time(() => {
  const t = new PairTotals(M);
  for (const it of items) t.add(it.a, it.b, it.aWins + it.ties / 2, it.aWins + it.bWins + it.ties);
  return t;
});
const [, pointFit] = time(() => {
  const t = new PairTotals(M);
  for (const it of items) t.add(it.a, it.b, it.aWins + it.ties / 2, it.aWins + it.bWins + it.ties);
  return fitBradleyTerry(t, Array.from({ length: M }, (_, i) => i));
});
const opts = { resamples: RESAMPLES, seed: 1, styleControl: true };
const [allSlice, allTime] = time(() => computeLeaderboard(items, M, prompts, opts, allOnly));
const [prepared, prepareTime] = time(() => prepareSlices(items, prompts, opts.seed, slicesOf));
const [every, oneThread] = time(() => rateSlices(prepared, M, opts));
const t0 = performance.now();
const parallel = await rateInWorkers(prepared, M, opts);
const workersTime = (performance.now() - t0) / 1000;
const same = JSON.stringify(parallel) === JSON.stringify(every);
const everyTime = prepareTime + workersTime;
// The workers are kept between tasks (server/workers/compute-worker.ts): a server's later
// leaderboards run on threads whose code V8 has already optimised.
const t1 = performance.now();
const again = await rateInWorkers(prepared, M, opts);
const keptTime = (performance.now() - t1) / 1000;
const sameAgain = JSON.stringify(again) === JSON.stringify(every);

const arenaPer100 = 10; // the Arena's published cost: ~10 s per 100 bootstrap rounds of one leaderboard
console.log(`battles ${BATTLES.toLocaleString("en-US")}, models ${M}, prompts ${prompts.size.toLocaleString("en-US")}, resamples ${RESAMPLES}`);
console.log(`baseline: sum battles into pair totals ${sumPass.toFixed(3)} s; one point fit (sum + Newton) ${pointFit.toFixed(3)} s`);
console.log(`slice "all" with ${RESAMPLES} resamples + style control: ${allTime.toFixed(2)} s = ${(allTime / pointFit).toFixed(0)}× one point fit; ${(allTime / (RESAMPLES / 100)).toFixed(2)} s per 100 resamples (Arena: ~${arenaPer100} s)`);
console.log(`every slice (${every.length}) with ${RESAMPLES} resamples each + style control: prepare on the main thread ${prepareTime.toFixed(2)} s; build and rate on one thread ${oneThread.toFixed(2)} s; on worker threads ${workersTime.toFixed(2)} s (results identical: ${same})`);
console.log(`full leaderboard (prepare + workers): ${everyTime.toFixed(2)} s = ${(everyTime / pointFit).toFixed(0)}× one point fit`);
console.log(`again on the kept workers (a later request): rate ${keptTime.toFixed(2)} s, full leaderboard ${(prepareTime + keptTime).toFixed(2)} s = ${((prepareTime + keptTime) / pointFit).toFixed(0)}× one point fit (results identical: ${sameAgain})`);
console.log(`peak RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB; slices refused: ${every.filter((s) => s.result.kind === "refused").length}; "all" rated models: ${allSlice[0].result.kind === "rated" ? allSlice[0].result.standings.length : 0}`);
