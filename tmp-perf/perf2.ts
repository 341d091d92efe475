
import { mulberry32 } from "../server/analytics/domain/seeded-random";
import { slicesOf } from "../server/analytics/domain/slices";
import { computeLeaderboard, type ItemBattles } from "../server/leaderboard/domain/leaderboard";
{
  const u = mulberry32(1);
  const M = 50, P = 60_000;
  const truth = Array.from({ length: M }, (_, i) => 1000 + (i - 25) * 8);
  const items: ItemBattles[] = [];
  const prompts = new Map();
  const locales = ["en-US","de-DE","fr-FR","ja-JP","zh-CN","es-MX","pt-BR","ko-KR","ar-SA","it-IT"];
  for (let p = 0; p < P; p++) {
    const id = "p" + p;
    prompts.set(id, { locale: locales[p % 10], region: ["A","B","C"][p % 3], category: "c" + (p % 8), modality: p % 5 ? "TEXT" : "IMAGE" });
    const a = Math.floor(u() * M); let b = Math.floor(u() * (M - 1)); if (b >= a) b++;
    const pa = 1 / (1 + 10 ** ((truth[b] - truth[a]) / 400));
    let aw = 0, bw = 0, t = 0;
    for (let g = 0; g < 3; g++) { const x = u(); if (x < 0.1) t++; else if (x < 0.1 + 0.9 * pa) aw++; else bw++; }
    items.push({ promptId: id, dimension: "overall", a, b, aWins: aw, bWins: bw, ties: t, style: [u() - 0.5, 0, u() - 0.5, 0] });
  }
  let t0 = performance.now();
  const out = computeLeaderboard(items, M, prompts, { resamples: 100, seed: 1, styleControl: true }, slicesOf);
  console.log("slices", out.length, "ms", performance.now() - t0);
}
