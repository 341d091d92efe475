import { describe, expect, it } from "vitest";
import { JudgmentPlan, preferenceAsStored } from "./judgment-plan";
import { parseJudgmentRow, type JudgmentRow } from "./judgment-row";

const sxs = { study: "S", type: "side_by_side", prompt_id: "p1", locale: "en-US", category: "Math", modality: "text", grader: "g1",
  dimension: "overall", model_a: "New", model_b: "Old", preference: "2", model: "", score: "" };
const single = { ...sxs, type: "single_sided", model_a: "", model_b: "", preference: "", model: "New", score: "4" };
const parse = (f: Record<string, unknown>, line = 2) => parseJudgmentRow(f, line);

describe("judgment rows", () => {
  it("reads valid side-by-side and single-sided rows", () => {
    expect(parse(sxs).row).toMatchObject({ type: "side_by_side", models: ["New", "Old"], value: 2, modality: "TEXT", line: 2 });
    expect(parse(single).row).toMatchObject({ type: "single_sided", models: ["New"], value: 4 });
    expect(parse({ ...sxs, preference: 0 }).row?.value).toBe(0); // JSON Lines numbers
  });

  it("names every problem by line and field", () => {
    expect(parse({ ...sxs, type: "pairwise" }, 7).problems).toEqual([{ line: 7, field: "type", message: 'must be one of side_by_side, single_sided, got "pairwise"' }]);
    expect(parse({ ...sxs, preference: "4" }).problems).toEqual([{ line: 2, field: "preference", message: "must be from -3 to 3, got 4" }]);
    expect(parse({ ...sxs, preference: "1.5" }).problems[0].message).toMatch(/whole number/);
    expect(parse({ ...sxs, prompt_id: "" }).problems).toEqual([{ line: 2, field: "prompt_id", message: "is missing" }]);
    expect(parse({ ...sxs, score: "3" }).problems).toEqual([{ line: 2, field: "score", message: "a side-by-side row has a preference, not a score" }]);
    expect(parse({ ...single, score: "0" }).problems[0]).toMatchObject({ field: "score", message: "must be from 1 to 5, got 0" });
    expect(parse({ ...single, preference: "1" }).problems[0].field).toBe("preference");
    expect(parse({ ...sxs, model_b: "New" }).problems[0]).toMatchObject({ field: "model_b", message: "must differ from model_a" });
    expect(parse({ ...sxs, locale: "english" }).problems[0].field).toBe("locale");
    expect(parse({ ...sxs, modality: "video" }).problems[0].field).toBe("modality");
    expect(parse({ ...sxs, modality: "text→image→audio" }).problems[0].field).toBe("modality");
  });

  it("reads every modality label, either arrow, with text responses implied", () => {
    expect(parse({ ...sxs, modality: "audio" }).row?.modality).toBe("AUDIO");
    expect(parse({ ...sxs, modality: "text→image" }).row?.modality).toBe("TEXT_TO_IMAGE");
    expect(parse({ ...sxs, modality: "Text -> Audio" }).row?.modality).toBe("TEXT_TO_AUDIO");
    expect(parse({ ...sxs, modality: "image→text" }).row?.modality).toBe("IMAGE");
  });
});

describe("judgment plan", () => {
  const row = (over: Record<string, unknown>, line: number) => parse({ ...sxs, ...over }, line).row as JudgmentRow;
  /** As the import stores a side-by-side row: by the places in the plan's study of the models it names. */
  const storedValue = (plan: JudgmentPlan, r: JudgmentRow) => {
    const models = plan.studies.get(r.study)!.models;
    return preferenceAsStored(models.indexOf(r.models[0]), models.indexOf(r.models[1]), r.value);
  };

  it("normalises rows that name the pair in either order to preferences for the first-named model", () => {
    const plan = new JudgmentPlan();
    const a = row({}, 2);
    const b = row({ model_a: "Old", model_b: "New", preference: "3", grader: "g2" }, 3);
    expect(plan.add(a)).toEqual([]);
    expect(plan.add(b)).toEqual([]);
    expect(storedValue(plan, a)).toBe(2);
    expect(storedValue(plan, b)).toBe(-3);
    expect(plan.studies.get("S")!.models).toEqual(["New", "Old"]);
  });

  it("rejects a second type, conflicting prompt attributes and duplicates; a further pair is a further model", () => {
    const plan = new JudgmentPlan();
    plan.add(row({}, 2));
    expect(plan.add(row({ model_b: "Other" }, 3))).toEqual([]);
    expect(plan.studies.get("S")!.models).toEqual(["New", "Old", "Other"]);
    expect(plan.add(parse({ ...single }, 4).row!)[0]).toMatchObject({ field: "type", message: 'study "S" is side_by_side in earlier rows' });
    expect(plan.add(row({ grader: "g9", locale: "ja-JP" }, 5))[0]).toMatchObject({ field: "locale", message: "prompt p1 is en-US on line 2, ja-JP here" });
    expect(plan.add(row({ preference: "-1" }, 6))).toEqual([]);
    // The same pair named the other way round is the same judgment.
    expect(plan.add(row({ model_a: "Old", model_b: "New" }, 7))).toEqual([]);
    expect(plan.add(row({ dimension: "truthfulness" }, 8))).toEqual([]);
    // Duplicates are found once the whole file has been read, each against its first row.
    expect(plan.duplicateProblems()).toEqual([
      { line: 6, field: "grader", message: "g1 already judged overall of prompt p1 for New vs Old on line 2" },
      { line: 7, field: "grader", message: "g1 already judged overall of prompt p1 for New vs Old on line 2" },
    ]);
  });

  it("keeps each prompt's pairs, and the graders and models of accepted rows in the order first named", () => {
    const plan = new JudgmentPlan();
    const rows = [
      row({}, 2), row({ dimension: "truthfulness" }, 3), // New vs Old twice on p1: one pair
      row({ model_b: "Other", grader: "g2" }, 4), row({ grader: "g3" }, 5), // New vs Other, then New vs Old again on p1
      row({ prompt_id: "p2", model_a: "Old", model_b: "New", grader: "g2" }, 6), // p2: the pair named the other way round
      row({ prompt_id: "p1", locale: "ja-JP", grader: "g9", model_b: "Rejected" }, 7), // refused: p1 is en-US
    ];
    expect(rows.map((r) => plan.add(r).length)).toEqual([0, 0, 0, 0, 0, 1]);
    const pairs = (prompt: string) => [...plan.studies.get("S")!.prompts.get(prompt)!.pairs].map((p) => p.split("\u0000"));
    expect(pairs("p1")).toEqual([["New", "Old"], ["New", "Other"]]);
    expect(pairs("p2")).toEqual([["Old", "New"]]);
    expect(plan.graders).toEqual(["g1", "g2", "g3"]);
    expect(plan.models).toEqual(["New", "Old", "Other"]);
    expect(plan.studies.get("S")!.dimensions).toEqual(new Set(["overall", "truthfulness"]));
  });

  it("stores preferences relative to the pair's model A: the model the file named first", () => {
    const plan = new JudgmentPlan();
    plan.add(row({}, 2)); // New vs Old: New named first
    plan.add(row({ model_a: "Other", model_b: "Old", grader: "g2" }, 3));
    const r = row({ model_a: "Other", model_b: "New", preference: "2", grader: "g3" }, 4);
    plan.add(r);
    expect(storedValue(plan, r)).toBe(-2); // the pair is New (A) vs Other (B): Other better by 2 is −2
  });
});
