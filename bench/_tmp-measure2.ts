import { createDb } from "../server/db/client";
import { nativeRows } from "../server/db/native-read";
import * as repo from "../server/analytics/repo";
const file = "/tmp/big/side_by_side.db";
const db = createDb({ engine: "sqlite", file, url: `file:${file}` });
const s = (await repo.findStudy(db, { name: "Bench analytics" }))!;
const t = async (label: string, fn: () => Promise<unknown>) => { const t0 = performance.now(); const r = await fn(); console.log(label, (performance.now() - t0).toFixed(0), "ms", Array.isArray(r) ? r.length : ""); return r; };
for (let i = 0; i < 3; i++) {
await t("nested sql", () => nativeRows(db, `SELECT "dimensionId", COUNT(*), SUM(n), SUM(CASE WHEN s > 0 THEN 1 ELSE 0 END), SUM(CASE WHEN s < 0 THEN 1 ELSE 0 END) FROM (
  SELECT j."itemId", j."dimensionId", COUNT(*) AS n, SUM(j."preference") AS s
    FROM "Judgment" j WHERE j."studyId" = ? AND j."superseded" = false AND j."surplus" = false AND j."preference" IS NOT NULL GROUP BY j."itemId", j."dimensionId") GROUP BY "dimensionId"`, [s.id]));
await t("count", () => nativeRows(db, `SELECT COUNT(*) FROM "Judgment" j WHERE j."studyId" = ?`, [s.id]));
await t("items", () => nativeRows(db, `SELECT i."id", i."promptId" FROM "Item" i WHERE i."studyId" = ?`, [s.id]));
}
