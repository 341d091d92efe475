import { mulberry32 } from "../server/analytics/domain/seeded-random";
import { fitStyleControlled, styledBattles } from "../server/leaderboard/domain/style-controlled-fit";
const u = mulberry32(3); const M = 50; const rows = [];
for (let p = 0; p < 333000; p++) { const a = Math.floor(u() * M); let b = Math.floor(u() * (M - 1)); if (b >= a) b++; const pa = 1/(1+10**(((b-a)*8)/400)); let w=0; for (let g=0;g<3;g++) w += u()<pa?1:0;
  rows.push({ a, b, winsA: w, battles: 3, cluster: p, style: [u() - 0.5, 0, (u() - 0.5) / 2, u() < 0.1 ? 0.5 : 0] }); }
const sb = styledBattles(rows, 4); const core = Array.from({length:M},(_,i)=>i);
for (let k = 0; k < 3; k++) { const t0 = performance.now(); const f = fitStyleControlled(sb, core); console.log("style ms", performance.now() - t0, f?.converged); }
import { PairTotals } from "../server/leaderboard/domain/pair-totals";
import { fitBradleyTerry } from "../server/leaderboard/domain/bradley-terry";
const tt = new PairTotals(M); for (const r of rows) tt.add(r.a, r.b, r.winsA, r.battles);
const plain = fitBradleyTerry(tt, core);
for (let k = 0; k < 2; k++) { const t0 = performance.now(); fitStyleControlled(sb, core, plain.ratings); console.log("warm style ms", performance.now() - t0); }
