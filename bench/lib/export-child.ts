// Runs one export in its own process so its peak memory can be read: prints JSON with rows, seconds and maxRSS.
import { createWriteStream } from "node:fs";
import { createDb } from "../../server/db/client";
import { resolveDatabaseUrl } from "../../server/db/database-url";
import { exportJudgmentsCsv } from "../../server/exports/service";

const [url, study, out] = process.argv.slice(2);
const db = createDb(resolveDatabaseUrl(url, "/tmp", process.cwd()));
const t0 = performance.now();
const rows = await exportJudgmentsCsv(db, study, createWriteStream(out));
const seconds = (performance.now() - t0) / 1000;
await db.$disconnect();
console.log(JSON.stringify({ rows, seconds, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
