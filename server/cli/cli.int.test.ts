// The verdict command as a user runs it: a fresh database file is created and migrated by any
// command, users can be added, the demo (with a large study) seeded, and mistakes are explained.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "../db/client";
import { resolveDatabaseUrl } from "../db/database-url";
import { login } from "../auth/service";
import { runCli } from "../test/run-cli";
import { studyPlan } from "../planner/service";

const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-cli-"));
const file = path.join(dir, "cli.db");
const url = `file:${file}`;
const db = createDb(resolveDatabaseUrl(url, dir, dir));
afterAll(async () => db.$disconnect());

describe("verdict CLI", () => {
  it("creates and migrates a new database on first use", () => {
    const r = runCli(["db", "migrate"], url);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/applied 0001_init, 0002_\w+, 0003_\w+/);
    expect(runCli(["db", "migrate"], url).stderr).toContain("schema up to date");
  });

  it("adds a user who can log in, printing a generated password", async () => {
    const r = runCli(["users", "add", "--email", "Ana@Example.org", "--role", "grader", "--locales", "ja-JP"], url);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("Unknown locale: ja-JP");
    await db.locale.create({ data: { code: "ja-JP", name: "Japanese", region: "Asia-Pacific" } });
    const ok = runCli(["users", "add", "--email", "Ana@Example.org", "--role", "grader", "--locales", "ja-JP"], url);
    expect(ok.status, ok.stderr).toBe(0);
    const password = /with password (\S+)/.exec(ok.stdout)![1];
    const session = await login(db, { email: "ana@example.org", password }, { now: new Date(), userAgent: null, sessionHours: 1, clientAddress: "cli", deviceToken: null });
    expect(session.user).toMatchObject({ role: "GRADER", locales: ["ja-JP"] });
    expect(runCli(["users", "add", "--email", "ana@example.org", "--role", "GRADER"], url).stderr).toContain("already exists");
  });

  it("explains bad usage and exits 2", () => {
    const r = runCli(["users", "add", "--email", "x@y.z", "--role", "boss"], url);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("role: ");
    const unknown = runCli(["frobnicate"], url);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
    expect(runCli(["db", "seed", "--judgments", "lots"], url).stderr).toContain('--judgments must be a whole number, got "lots"');
    expect(runCli(["db", "migrate"], "mysql://root@localhost/x").stderr).toContain("DATABASE_URL must start with file:");
  });

  it("leaves an --out file as it was when the study to export does not exist", () => {
    const out = path.join(dir, "kept.csv");
    writeFileSync(out, "an earlier export\n");
    const r = runCli(["export", "judgments", "--study", "No such study", "--out", out], url);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('No study named "No such study".');
    expect(readFileSync(out, "utf8")).toBe("an earlier export\n");
  });

  it("seeds the demo with an extra large study into an empty database only", async () => {
    const other = `file:${path.join(dir, "demo.db")}`;
    const r = runCli(["db", "seed", "--text-prompts", "3", "--image-prompts", "1", "--judgments", "6000"], other);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("admin@verdict.local");
    const demo = createDb(resolveDatabaseUrl(other, dir, dir));
    const scale = await demo.study.findUniqueOrThrow({ where: { name: "Scale test" }, select: { _count: { select: { judgments: true } } } });
    expect(scale._count.judgments).toBeGreaterThanOrEqual(5000);
    await demo.$disconnect();
    const again = runCli(["db", "seed"], other);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("only seeded into an empty database");
    expect(runCli(["db", "seed", "--if-empty"], other).status).toBe(0);
  });

  it("plans a study in progress as the planner does, a study not yet run from assumed rates, and explains bad plans", async () => {
    const other = `file:${path.join(dir, "demo.db")}`; // seeded by the test above
    const name = "Device 2026 vs 2025 — text";
    const r = runCli(["plan", "--study", name, "--target-half-width", "0.05", "--format", "json"], other);
    expect(r.status, r.stderr).toBe(0);
    const demo = createDb(resolveDatabaseUrl(other, dir, dir));
    const direct = await studyPlan(demo, { name }, { targetHalfWidth: 0.05, difference: 0.05, power: 0.8 });
    await demo.$disconnect();
    expect(JSON.parse(r.stdout).rows).toEqual(direct.rows);
    expect(r.stderr).toMatch(/overall \(Lumen Device 2026 vs Lumen Device 2025\): \d+ more prompts for ±0.05 on the decisive rate/);
    const csv = runCli(["plan", "--study", name], other);
    expect(csv.stdout.split("\n")[0]).toBe("study,type,model_a,model_b,dimension,slice,metric,value,ci_low,ci_high,n,n_clusters,note");
    expect(csv.stdout).toContain(",overall,all,more_prompts_for_power,");

    // 1,064 decisive prompts for ±0.03 at a rate of 0.5, over a decisive share of 0.8: 1,330 prompts, 3,990 tasks at k = 3.
    const planned = runCli(["plan", "--decisive-rate", "0.5", "--tie-rate", "0.2", "--k", "3"], other);
    expect(planned.status, planned.stderr).toBe(0);
    expect(planned.stdout).toContain(",all,prompts_for_half_width,1330,");
    expect(planned.stdout).toContain(",all,more_tasks_for_half_width,3990,");

    expect(runCli(["plan"], other)).toMatchObject({ status: 2 });
    expect(runCli(["plan"], other).stderr).toContain("plan needs --study NAME, or --decisive-rate, --tie-rate and --k");
    expect(runCli(["plan", "--study", name, "--k", "3"], other).stderr).toContain("--k is for a planned study");
    expect(runCli(["plan", "--study", name, "--power", "much"], other).stderr).toContain('--power must be a number, got "much"');
    expect(runCli(["plan", "--study", name, "--target-half-width", "0"], other).stderr).toContain("The target half-width must be above 0");
    expect(runCli(["plan", "--study", "Server models — single-sided"], other).stderr).toContain("is single-sided: the planner projects the decisive rate of side-by-side studies");
  });
});
