import { createDb } from "../server/db/client";
import { nativeRows } from "../server/db/native-read";
import * as repo from "../server/analytics/repo";
import { studyReport } from "../server/analytics/service";
const file = "/tmp/big/side_by_side.db";
const db = createDb({ engine: "sqlite", file, url: `file:${file}` });
const s = (await repo.findStudy(db, { name: "Bench analytics" }))!;
const t = async (label: string, fn: () => Promise<unknown>) => { const t0 = performance.now(); const r = await fn(); console.log(label, (performance.now() - t0).toFixed(0), "ms", Array.isArray(r) ? r.length : ""); return r; };
for (let i = 0; i < 2; i++) {
await t("prefUnits(prisma)", () => repo.preferenceUnits(db, s.id));
await t("promptAttrs", () => repo.promptAttributes(db, s.id).then((m) => [...m]));
await t("native grouped", () => nativeRows(db, `SELECT j."itemId", j."dimensionId", COUNT(*), SUM(j."preference"), SUM(j."preference"*j."preference"),
      SUM(CASE WHEN (j."preference" > 0 AND j."candidateSide" = 'LEFT') OR (j."preference" < 0 AND j."candidateSide" = 'RIGHT') THEN 1 ELSE 0 END),
      SUM(CASE WHEN j."preference" <> 0 AND j."candidateSide" IS NOT NULL THEN 1 ELSE 0 END)
    FROM "Judgment" j WHERE j."studyId" = ? AND j."superseded" = false AND j."surplus" = false AND j."preference" IS NOT NULL GROUP BY j."itemId", j."dimensionId"`, [s.id]));
await t("native timed", () => nativeRows(db, `SELECT j."itemId", j."dimensionId", j."preference", j."submittedAt" FROM "Judgment" j WHERE j."studyId" = ? AND j."superseded" = false AND j."surplus" = false AND j."preference" IS NOT NULL`, [s.id]));
await t("report", () => studyReport(db, { id: s.id }, { resamples: 2000, seed: 1 }).then((r) => r.rows));
}
const [row] = await nativeRows(db, `SELECT "submittedAt" FROM "Judgment" LIMIT 1`, []);
console.log(row);
