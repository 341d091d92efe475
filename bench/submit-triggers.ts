// What each trigger on Judgment costs a submission on PostgreSQL: one grader at a time (no
// contention), "next task" then "submit" (four dimensions) through the tRPC procedures in process,
// on the grading benchmark's study, with every trigger on, then with one trigger disabled at a
// time, then with all of them disabled (the baseline: the submission's own statements). The
// tallies a disabled trigger would keep are wrong afterwards; the scratch database is dropped.
//   npm run bench:submit-triggers -- [--submissions 300] [--rounds 2]
import { intFlag, parseArgs } from "../server/cli/args";
import { asSessionUser, callerFor } from "../server/test/caller";
import { createBenchDatabase } from "./lib/bench-database";
import { setUpGradingStudy } from "./lib/grading-study";

const args = parseArgs(process.argv.slice(2));
const SUBMISSIONS = intFlag(args, "submissions", 300);
const ROUNDS = intFlag(args, "rounds", 2);

const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

async function main() {
  const bench = await createBenchDatabase("pg", { prefix: "verdict_bench_triggers" });
  const db = bench.db;
  try {
    const { graders, studyId } = await setUpGradingStudy(db, { graders: 30, items: SUBMISSIONS * 12 });
    const callers = graders.map((g) => callerFor(db, asSessionUser(g, ["en-US"])));
    let turn = 0;
    /** Median milliseconds of `n` submissions (and of the leases before them). */
    const submit = async (n: number) => {
      const next: number[] = [];
      const sub: number[] = [];
      for (let i = 0; i < n; i++) {
        const c = callers[turn++ % callers.length];
        let t = performance.now();
        const task = await c.grading.next({ studyId });
        next.push(performance.now() - t);
        if (!task) throw new Error("the study ran out of tasks");
        const values = Object.fromEntries(task.dimensions.map((d) => [d.key, (d.key.length % 7) - 3]));
        t = performance.now();
        await c.grading.submit({ assignmentId: task.assignmentId, values, timeSpentMs: 30_000 });
        sub.push(performance.now() - t);
      }
      return { next: median(next), submit: median(sub) };
    };
    await submit(SUBMISSIONS); // warm-up, then statistics for the planner, as autovacuum would gather
    await db.$executeRawUnsafe("ANALYZE");
    const triggers = (await db.$queryRawUnsafe<{ name: string }[]>(`SELECT tgname::text AS name FROM pg_trigger WHERE tgrelid = '"Judgment"'::regclass AND NOT tgisinternal ORDER BY 1`)).map((t) => t.name);
    const only = async (off: string[]) => {
      await db.$executeRawUnsafe(`ALTER TABLE "Judgment" ENABLE TRIGGER USER`);
      for (const t of off) await db.$executeRawUnsafe(`ALTER TABLE "Judgment" DISABLE TRIGGER "${t}"`);
    };
    const cases: [string, string[]][] = [["every trigger", []], ...triggers.map((t): [string, string[]] => [`all but ${t}`, [t]]), ["no trigger (baseline)", triggers]];
    const results = new Map<string, { next: number[]; submit: number[] }>();
    for (let r = 0; r < ROUNDS; r++) {
      for (const [name, off] of cases) {
        await only(off);
        const m = await submit(SUBMISSIONS);
        const acc = results.get(name) ?? results.set(name, { next: [], submit: [] }).get(name)!;
        acc.next.push(m.next);
        acc.submit.push(m.submit);
      }
    }
    await only([]);
    const base = results.get("no trigger (baseline)")!.submit;
    const baseline = base.reduce((a, b) => a + b, 0) / base.length;
    console.log(`PostgreSQL, ${SUBMISSIONS} submissions per case and round, ${ROUNDS} rounds, one grader at a time`);
    console.log("| triggers on Judgment | submit p50 ms (each round) | vs no trigger | next p50 ms |");
    console.log("| --- | --- | --- | --- |");
    for (const [name] of cases) {
      const x = results.get(name)!;
      const mean = x.submit.reduce((a, b) => a + b, 0) / x.submit.length;
      console.log(`| ${name} | ${x.submit.map((v) => v.toFixed(2)).join(", ")} | ${(mean / baseline).toFixed(2)}× | ${x.next.map((v) => v.toFixed(2)).join(", ")} |`);
    }
  } finally {
    await bench.drop();
  }
}

await main();
process.exit(0);
