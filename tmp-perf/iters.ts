import { PairTotals } from "../server/leaderboard/domain/pair-totals";
import { fitBradleyTerry } from "../server/leaderboard/domain/bradley-terry";
import { mulberry32 } from "../server/analytics/domain/seeded-random";
const u = mulberry32(3); const M = 50;
const t = new PairTotals(M);
for (let p = 0; p < 60000; p++) { const a = Math.floor(u() * M); let b = Math.floor(u() * (M - 1)); if (b >= a) b++; const pa = 1/(1+10**(((b-a)*8)/400)); let w=0; for (let g=0;g<3;g++) w += u()<pa?1:0; t.add(a,b,w,3); }
const core = Array.from({length:M},(_,i)=>i);
let t0=performance.now(); const cold = fitBradleyTerry(t, core); console.log("cold", cold.iterations, performance.now()-t0);
t0=performance.now(); let it=0; for (let r=0;r<1000;r++){ const f=fitBradleyTerry(t, core, Array.from(cold.ratings,(x)=>x+ (u()-0.5)*20)); it+=f.iterations;} console.log("warm avg it", it/1000, "ms/fit", (performance.now()-t0)/1000);
