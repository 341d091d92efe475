// End to end: generate a judgments file, import it with `verdict import judgments`, run
// `verdict report`, and check every number against values computed here, independently.
import { parse } from "csv-parse/sync";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../seed/rng";
import { makeLocale } from "../../seed/factories";
import { runCli } from "../test/run-cli";
import { createTestDatabase, type TestDatabase } from "../test/test-database";

const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-report-"));
const LOCALES = [["en-US", "Americas"], ["ja-JP", "Asia-Pacific"], ["de-DE", "Europe"]] as const;
const CATEGORIES = ["Math", "Writing"];
const GRADERS = ["ann", "bob", "cho"];
const HEADER = "study,type,prompt_id,locale,category,modality,grader,dimension,model_a,model_b,preference,model,score";

interface SxsJudgment { prompt: string; dimension: string; pref: number; locale: string; category: string }
interface Score { prompt: string; dimension: string; model: string; score: number; locale: string; category: string }

function generate() {
  const rng = createRng(99);
  const lines = [HEADER];
  const sxs: SxsJudgment[] = [];
  const scores: Score[] = [];
  for (let p = 0; p < 60; p++) {
    const [locale] = LOCALES[p % 3];
    const category = CATEGORIES[p % 2];
    const graders = GRADERS.slice(0, 1 + (p % 3));
    for (const g of graders) {
      for (const dimension of ["overall", "truthfulness"]) {
        const pref = Math.max(-3, Math.min(3, Math.round(rng.normal(0.6, 1.5))));
        sxs.push({ prompt: `p${p}`, dimension, pref, locale, category });
        // Half the rows name the pair the other way round, with the preference flipped.
        const flip = rng.next() < 0.5;
        lines.push(`Imported SxS,side_by_side,p${p},${locale},${category},text,${g},${dimension},${flip ? "Old,New" : "New,Old"},${flip ? -pref : pref},,`);
        for (const model of ["New", "Old"]) {
          if (model === "Old" && p % 5 === 0) continue; // Old was not scored on every prompt
          const score = Math.max(1, Math.min(5, Math.round(rng.normal(model === "New" ? 3.8 : 3.1, 1))));
          scores.push({ prompt: `p${p}`, dimension, model, score, locale, category });
          lines.push(`Imported scores,single_sided,p${p},${locale},${category},text,${g},${dimension},,,,${model},${score}`);
        }
      }
    }
  }
  const file = path.join(dir, "history.csv");
  writeFileSync(file, `${lines.join("\n")}\n`);
  return { file, sxs, scores, rows: lines.length - 1 };
}

// Independent reference computations.
function wilson(k: number, n: number) {
  const z = 1.959963984540054, p = k / n;
  const c = (p + z * z / (2 * n)) / (1 + z * z / n);
  const h = (z * Math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))) / (1 + z * z / n);
  return [c - h, c + h];
}
const groupBy = <T,>(xs: T[], key: (x: T) => string) => xs.reduce((m, x) => m.set(key(x), [...(m.get(key(x)) ?? []), x]), new Map<string, T[]>());

let t: TestDatabase;
let data: ReturnType<typeof generate>;
let report: Record<string, string>[];
const url = () => (t.target.engine === "sqlite" ? `file:${t.target.file}` : t.target.url);
const row = (study: string, a: string, b: string, dimension: string, slice: string, metric: string) =>
  report.find((r) => r.study === study && r.model_a === a && r.model_b === b && r.dimension === dimension && r.slice === slice && r.metric === metric)!;

beforeAll(async () => {
  t = await createTestDatabase("sqlite");
  for (const [code, region] of LOCALES) await makeLocale(t.db, code, code, region);
  data = generate();
  const imported = runCli(["import", "judgments", data.file], url());
  expect(imported.stderr + imported.stdout).toContain(`Imported ${data.rows} rows`);
  expect(imported.status).toBe(0);
  const out = path.join(dir, "report.csv");
  const r = runCli(["report", "--study", "Imported SxS", "--out", out], url());
  expect(r.status, r.stderr).toBe(0);
  const r2 = runCli(["report", "--study", "Imported scores", "--format", "csv"], url());
  expect(r2.status, r2.stderr).toBe(0);
  report = [...parse(readFileSync(out, "utf8"), { columns: true }), ...parse(r2.stdout, { columns: true })] as Record<string, string>[];
}, 120_000);
afterAll(async () => t.drop());

describe("verdict report on an imported side-by-side study", () => {
  it("matches win, tie and decisive rates computed from the file", () => {
    for (const dimension of ["overall", "truthfulness"]) {
      for (const slice of ["all", "locale=ja-JP", "category=Writing", "region=Europe"]) {
        const js = data.sxs.filter((j) => j.dimension === dimension && (slice === "all" || slice === `locale=${j.locale}` || slice === `category=${j.category}` ||
          (slice === "region=Europe" && j.locale === "de-DE")));
        const verdicts = [...groupBy(js, (j) => j.prompt).values()].map((g) => Math.sign(g.reduce((s, j) => s + j.pref, 0)));
        const a = verdicts.filter((v) => v > 0).length, b = verdicts.filter((v) => v < 0).length, n = verdicts.length;
        const win = row("Imported SxS", "New", "Old", dimension, slice, "win_rate_a");
        expect(Number(win.n)).toBe(n);
        expect(Number(win.value)).toBeCloseTo(a / n, 10);
        expect(Number(win.ci_low)).toBeCloseTo(wilson(a, n)[0], 9);
        expect(Number(win.ci_high)).toBeCloseTo(wilson(a, n)[1], 9);
        expect(Number(row("Imported SxS", "New", "Old", dimension, slice, "win_rate_b").value)).toBeCloseTo(b / n, 10);
        expect(Number(row("Imported SxS", "New", "Old", dimension, slice, "tie_rate").value)).toBeCloseTo((n - a - b) / n, 10);
        const decisive = row("Imported SxS", "New", "Old", dimension, slice, "decisive_rate_a");
        expect(Number(decisive.value)).toBeCloseTo(a / (a + b), 10);
        expect(Number(decisive.n)).toBe(a + b);
        expect(Number(row("Imported SxS", "New", "Old", dimension, slice, "n_judgments").value)).toBe(js.length);
      }
    }
  });

  it("gives the sign test for the decisive prompts", () => {
    const js = data.sxs.filter((j) => j.dimension === "overall");
    const verdicts = [...groupBy(js, (j) => j.prompt).values()].map((g) => Math.sign(g.reduce((s, j) => s + j.pref, 0)));
    const a = verdicts.filter((v) => v > 0).length, n = verdicts.filter((v) => v !== 0).length;
    let tail = 0;
    let c = 1;
    for (let i = 0; i <= Math.min(a, n - a); i++) {
      tail += c / 2 ** n;
      c = (c * (n - i)) / (i + 1);
    }
    expect(Number(row("Imported SxS", "New", "Old", "overall", "all", "sign_test_p").value)).toBeCloseTo(Math.min(1, 2 * tail), 10);
  });

  it("leaves position bias undefined: imported judgments carry no side", () => {
    const pb = row("Imported SxS", "New", "Old", "overall", "all", "position_bias");
    expect(pb.value).toBe("");
    expect(pb.n).toBe("0");
  });
});

describe("verdict report on an imported single-sided study", () => {
  const promptMeans = (model: string, dimension: string) =>
    new Map([...groupBy(data.scores.filter((s) => s.model === model && s.dimension === dimension), (s) => s.prompt)].map(([p, g]) => [p, g.reduce((s, x) => s + x.score, 0) / g.length]));

  it("matches mean scores (over prompt means) and top-box rates", () => {
    for (const model of ["New", "Old"]) {
      const means = [...promptMeans(model, "overall").values()];
      const r = row("Imported scores", model, "", "overall", "all", "mean_score");
      expect(Number(r.value)).toBeCloseTo(means.reduce((a, b) => a + b, 0) / means.length, 10);
      expect(Number(r.n)).toBe(means.length);
      expect(Number(r.ci_low)).toBeLessThan(Number(r.value));
      expect(Number(r.ci_high)).toBeGreaterThan(Number(r.value));
      const js = data.scores.filter((s) => s.model === model && s.dimension === "overall");
      const top = row("Imported scores", model, "", "overall", "all", "top_box_rate");
      expect(Number(top.value)).toBeCloseTo(js.filter((s) => s.score >= 4).length / js.length, 10);
      expect(Number(top.n)).toBe(js.length);
    }
  });

  it("matches the relative improvement over shared prompts", () => {
    const a = promptMeans("New", "overall");
    const b = promptMeans("Old", "overall");
    const shared = [...a.keys()].filter((p) => b.has(p));
    const ma = shared.reduce((s, p) => s + a.get(p)!, 0) / shared.length;
    const mb = shared.reduce((s, p) => s + b.get(p)!, 0) / shared.length;
    const r = row("Imported scores", "New", "Old", "overall", "all", "relative_improvement_mean");
    expect(Number(r.n)).toBe(shared.length);
    expect(Number(r.value)).toBeCloseTo((ma - mb) / mb, 10);
    expect(Number(r.ci_low)).toBeLessThan(Number(r.value));
    expect(Number(r.ci_high)).toBeGreaterThan(Number(r.value));
  });

  it("is reproducible: the same seed gives the same intervals, and says how they were made", () => {
    const again = runCli(["report", "--study", "Imported scores", "--format", "json"], url());
    const json = JSON.parse(again.stdout);
    expect(json.meta.bootstrap).toEqual({ resamples: 2000, seed: 20260101, method: expect.stringContaining("bootstrap") });
    const r = json.rows.find((x: Record<string, unknown>) => x.model_a === "New" && x.model_b === "Old" && x.metric === "relative_improvement_mean" && x.slice === "all" && x.dimension === "overall");
    expect(r.ci_low).toBeCloseTo(Number(row("Imported scores", "New", "Old", "overall", "all", "relative_improvement_mean").ci_low), 10);
    expect(again.stderr).toContain("bootstrap: 2000 resamples, seed 20260101");
  });
});

describe("the report CSV in a spreadsheet", () => {
  it("neutralises formulas in text cells (model and category names) and leaves numbers, negative ones included, alone", async () => {
    const hostile = '=HYPERLINK("http://evil.example","m")';
    await t.db.model.update({ where: { name: "New" }, data: { name: hostile } });
    await t.db.prompt.updateMany({ where: { category: "Math" }, data: { category: "@Math" } });
    try {
      const r = runCli(["report", "--study", "Imported SxS"], url());
      expect(r.status, r.stderr).toBe(0);
      const rows = parse(r.stdout, { columns: true }) as Record<string, string>[];
      const cells = rows.flatMap((x) => Object.values(x));
      expect(cells).toContain(`'${hostile}`);
      expect(cells.some((c) => c.includes("@Math") && !c.startsWith("@"))).toBe(true);
      expect(cells.filter((c) => /^[=+@]/.test(c) || (/^-/.test(c) && Number.isNaN(Number(c))))).toEqual([]);
      expect(cells.some((c) => /^-\d/.test(c))).toBe(true); // negative numbers stay numbers
    } finally {
      await t.db.model.update({ where: { name: hostile }, data: { name: "New" } });
      await t.db.prompt.updateMany({ where: { category: "@Math" }, data: { category: "Math" } });
    }
  });
});

describe("re-import and errors", () => {
  it("re-importing the same file adds nothing", () => {
    const r = runCli(["import", "judgments", data.file], url());
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`0 judgments added, ${data.rows} already present`);
  });

  it("a bad file stores nothing and names every bad row and field", async () => {
    const before = await t.db.judgment.count();
    const bad = path.join(dir, "bad.csv");
    writeFileSync(bad, [HEADER,
      "New study,side_by_side,q1,en-US,Math,text,ann,overall,New,Old,2,,",
      "New study,pairwise,q2,en-US,Math,text,ann,overall,New,Old,1,,",
      "New study,side_by_side,q3,en-US,Math,text,ann,overall,New,Old,5,,",
      "New study,side_by_side,,en-US,Math,text,ann,overall,New,Old,1,,",
      "New study,side_by_side,q4,en-US,Math,text,ann,overall,New,Old,1,,4",
      "Other,single_sided,q5,en-US,Math,text,ann,vibes,,,,New,3",
    ].join("\n"));
    const r = runCli(["import", "judgments", bad], url());
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("5 problems; nothing was imported.");
    expect(r.stderr).toContain('line 3, type: must be one of side_by_side, single_sided, got "pairwise"');
    expect(r.stderr).toContain("line 4, preference: must be from -3 to 3, got 5");
    expect(r.stderr).toContain("line 5, prompt_id: is missing");
    expect(r.stderr).toContain("line 6, score: a side-by-side row has a preference, not a score");
    expect(r.stderr).toMatch(/line 7, dimension: "vibes" is not a dimension here/);
    expect(await t.db.judgment.count()).toBe(before);
    expect(await t.db.study.count({ where: { name: { in: ["New study", "Other"] } } })).toBe(0);
  });

  it("refuses unknown files and commands with a clear message", () => {
    expect(runCli(["import", "judgments", path.join(dir, "missing.csv")], url()).stderr).toContain("cannot be read");
    expect(runCli(["import", "judgments", path.join(dir, "x.xlsx")], url()).stderr).toContain('unsupported file type ".xlsx"');
    expect(runCli(["report", "--study", "Nope"], url()).stderr).toContain('No study named "Nope".');
    expect(runCli(["report", "--study", "Imported SxS", "--format", "xml"], url()).status).toBe(2);
  });
});
