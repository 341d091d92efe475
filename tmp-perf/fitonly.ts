import { mulberry32 } from "../server/analytics/domain/seeded-random";
import { fitBradleyTerry } from "../server/leaderboard/domain/bradley-terry";
import { PairTotals } from "../server/leaderboard/domain/pair-totals";
const u = mulberry32(3); const M = 50;
const t = new PairTotals(M);
for (let p = 0; p < 333000; p++) { const a = Math.floor(u() * M); let b = Math.floor(u() * (M - 1)); if (b >= a) b++; const pa = 1/(1+10**(((b-a)*8)/400)); let w=0; for (let g=0;g<3;g++) w += u()<pa?1:0; t.add(a,b,w,3); }
const core = Array.from({length:M},(_,i)=>i);
const point = fitBradleyTerry(t, core);
const t2 = new PairTotals(M); for (let i = 0; i < t.wins.length; i++) { t2.wins[i] = t.wins[i] * (1 + (u()-0.5)*0.02); t2.battles[i] = t.battles[i]; }
let t0 = performance.now(); let its = 0;
for (let r = 0; r < 2000; r++) its += fitBradleyTerry(t2, core, point.ratings, point.factor).iterations;
console.log("ms/fit", (performance.now() - t0) / 2000, "its", its / 2000);
