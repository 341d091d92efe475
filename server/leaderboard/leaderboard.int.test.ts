// End to end on both engines: import judgments of a side-by-side study naming four models (pairs
// written either way round), run `verdict leaderboard`, and check the ratings against a fit
// computed here by a different algorithm (Zermelo's fixed point, as Hunter's MM), the battle
// counts, the win rates, the per-pair report, and the refusal of models that never met.
import { parse } from "csv-parse/sync";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../seed/rng";
import { makeLocale } from "../../seed/factories";
import { runCli } from "../test/run-cli";
import { createTestDatabase, testEngines, type TestDatabase } from "../test/test-database";

const HEADER = "study,type,prompt_id,locale,category,modality,grader,dimension,model_a,model_b,preference,model,score";
const MODELS = ["M1", "M2", "M3", "M4"];
const STRENGTH = [1.2, 0.6, 0.3, -0.4];

interface Battle { prompt: string; a: number; b: number; pref: number; locale: string }

function generate(dir: string) {
  const rng = createRng(7);
  const lines = [HEADER];
  const battles: Battle[] = [];
  for (let p = 0; p < 120; p++) {
    const locale = p % 2 ? "en-US" : "ja-JP";
    const a = p % 4, b = (a + 1 + (p % 3)) % 4;
    for (const g of ["ann", "bob", "cho"].slice(0, 1 + (p % 3))) {
      const pref = Math.max(-3, Math.min(3, Math.round(rng.normal(STRENGTH[a] - STRENGTH[b], 1.4))));
      battles.push({ prompt: `p${p}`, a, b, pref, locale });
      const flip = rng.next() < 0.5;
      lines.push(`Arena,side_by_side,p${p},${locale},General,text,${g},overall,${flip ? `${MODELS[b]},${MODELS[a]}` : `${MODELS[a]},${MODELS[b]}`},${flip ? -pref : pref},,`);
    }
  }
  // A study of two other models: no battle connects them with the four.
  for (let p = 0; p < 6; p++) lines.push(`Elsewhere,side_by_side,q${p},en-US,General,text,ann,overall,X,Y,${p % 3 - 1},,`);
  const file = path.join(dir, "arena.csv");
  writeFileSync(file, `${lines.join("\n")}\n`);
  return { file, battles };
}

/** Bradley–Terry by Zermelo's iteration π_i ← W_i / Σ_j n_ij / (π_i + π_j), to convergence, on the Elo scale with mean 1000. */
function referenceRatings(battles: Battle[]): number[] {
  const m = MODELS.length;
  const wins = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  for (const x of battles) {
    const w = x.pref > 0 ? 1 : x.pref < 0 ? 0 : 0.5;
    wins[x.a][x.b] += w;
    wins[x.b][x.a] += 1 - w;
  }
  let pi = new Array<number>(m).fill(1);
  for (let it = 0; it < 20_000; it++) {
    pi = pi.map((p, i) => {
      let w = 0, d = 0;
      for (let j = 0; j < m; j++) {
        if (j === i) continue;
        w += wins[i][j];
        d += (wins[i][j] + wins[j][i]) / (p + pi[j]);
      }
      return w / d;
    });
    const g = Math.exp(pi.reduce((s, p) => s + Math.log(p), 0) / m);
    pi = pi.map((p) => p / g);
  }
  const r = pi.map((p) => (400 * Math.log(p)) / Math.LN10);
  const mean = r.reduce((s, x) => s + x, 0) / m;
  return r.map((x) => 1000 + x - mean);
}

describe.each(await testEngines())("verdict leaderboard on %s", (engine) => {
  let t: TestDatabase;
  let data: ReturnType<typeof generate>;
  let rows: Record<string, string>[];
  const url = () => (t.target.engine === "sqlite" ? `file:${t.target.file}` : t.target.url);
  const row = (model: string, metric: string, slice = "all") => rows.find((r) => r.model === model && r.metric === metric && r.slice === slice && r.dimension === "overall")!;

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    await makeLocale(t.db, "en-US", "English (US)", "Americas");
    await makeLocale(t.db, "ja-JP", "Japanese", "Asia-Pacific");
    data = generate(mkdtempSync(path.join(os.tmpdir(), "verdict-leaderboard-")));
    const imported = runCli(["import", "judgments", data.file], url());
    expect(imported.status, imported.stderr).toBe(0);
    // Imported judgments' placeholder responses have no text, and a style of zeros: nothing to measure later.
    expect(await t.db.response.count({ where: { styleLength: null } })).toBe(0);
    const r = runCli(["leaderboard", "--study", "Arena", "--resamples", "1000"], url());
    expect(r.status, r.stderr).toBe(0);
    rows = parse(r.stdout, { columns: true }) as Record<string, string>[];
  }, 180_000);
  afterAll(async () => t?.drop());

  it("rates the four models as an independent fit does, with n = their battles and win rates from the file", () => {
    const reference = referenceRatings(data.battles);
    MODELS.forEach((m, i) => {
      expect(Number(row(m, "rating").value)).toBeCloseTo(reference[i], 4);
      const mine = data.battles.filter((b) => b.a === i || b.b === i);
      expect(Number(row(m, "rating").n)).toBe(mine.length);
      const won = mine.reduce((s, b) => s + (b.pref === 0 ? 0.5 : (b.pref > 0) === (b.a === i) ? 1 : 0), 0);
      expect(Number(row(m, "win_rate").value)).toBeCloseTo(won / mine.length, 10);
      const low = Number(row(m, "rating").ci_low), high = Number(row(m, "rating").ci_high);
      expect(low).toBeLessThan(reference[i]);
      expect(high).toBeGreaterThan(reference[i]);
      expect(row(m, "rating_style_controlled")).toBeDefined();
    });
    expect(rows.filter((r) => r.slice === "all").map((r) => r.model).filter((m, i, a) => a.indexOf(m) === i)).toEqual(["M1", "M2", "M3", "M4"]);
  });

  it("rates each locale slice on its own prompts, with the same columns", () => {
    expect(Object.keys(rows[0])).toEqual(["dimension", "slice", "model", "metric", "value", "ci_low", "ci_high", "n"]);
    const ja = data.battles.filter((b) => b.locale === "ja-JP");
    const reference = referenceRatings(ja);
    MODELS.forEach((m, i) => expect(Number(row(m, "rating", "locale=ja-JP").value)).toBeCloseTo(reference[i], 4));
  });

  it("refuses models that never met, naming the groups, and the report still works per pair", () => {
    const r = runCli(["leaderboard", "--study", "Arena", "--study", "Elsewhere"], url());
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("The models cannot be rated together: the comparison graph is not connected. Groups that never met: M1, M2, M3, M4 | X, Y");
    const report = runCli(["report", "--study", "Arena"], url());
    expect(report.status, report.stderr).toBe(0);
    const reportRows = parse(report.stdout, { columns: true }) as Record<string, string>[];
    // Each pair once, model A being the model the file named first.
    const pairs = reportRows.filter((x) => x.metric === "n_prompts" && x.slice === "all").map((x) => [x.model_a, x.model_b].sort().join("|"));
    expect([...new Set(pairs)].sort()).toEqual(["M1|M2", "M1|M3", "M1|M4", "M2|M3", "M2|M4", "M3|M4"]);
    const m1m2 = data.battles.filter((b) => (b.a === 0 && b.b === 1) || (b.a === 1 && b.b === 0));
    const n = reportRows.find((x) => [x.model_a, x.model_b].sort().join("|") === "M1|M2" && x.slice === "all" && x.metric === "n_judgments" && x.dimension === "overall")!;
    expect(Number(n.value)).toBe(m1m2.length);
  });

  it("explains an unknown study", () => {
    const r = runCli(["leaderboard", "--study", "Nope"], url());
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('No side-by-side study named "Nope"');
  });
});
