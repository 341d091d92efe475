// Imported judgments share one submission time (the import's). A study graded over days has its
// judgments spread over many hours, which is what the over-time view and its hourly shifts see:
// this spreads a benchmark study's judgments uniformly over `hours` hours ending now, in one
// transaction that defers the tallies' triggers and recounts them, as an import does.
import type { Db } from "../../server/db/client";
import { tallyRecount } from "../../server/imports/repo";

export async function spreadSubmissionTimes(db: Db, engine: "sqlite" | "pg", studyId: string, hours: number): Promise<{ updateSeconds: number; recountSeconds: number }> {
  const span = hours * 3_600_000;
  const start = Date.now() - span;
  let updateSeconds = 0;
  let recountSeconds = 0;
  await db.$transaction(async (tx) => {
    await tx.unitTallyDeferred.create({ data: { studyId } });
    const t0 = performance.now();
    // SQLite keeps Prisma's ISO text; the time is written in the same form.
    if (engine === "sqlite") {
      await tx.$executeRawUnsafe(`UPDATE "Judgment" SET "submittedAt" = strftime('%Y-%m-%dT%H:%M:%fZ', (? + (abs(random()) % ?)) / 1000.0, 'unixepoch') WHERE "studyId" = ?`, start, span, studyId);
    } else {
      await tx.$executeRawUnsafe(`UPDATE "Judgment" SET "submittedAt" = to_timestamp(($1::float8 + random() * $2::float8) / 1000) WHERE "studyId" = $3`, start, span, studyId);
    }
    const t1 = performance.now();
    for (const { sql, params } of tallyRecount(engine, studyId)) await tx.$executeRawUnsafe(sql, ...params);
    await tx.unitTallyDeferred.delete({ where: { studyId } });
    updateSeconds = (t1 - t0) / 1000;
    recountSeconds = (performance.now() - t1) / 1000;
  }, { timeout: 4 * 60 * 60_000, maxWait: 60_000 });
  return { updateSeconds, recountSeconds };
}
