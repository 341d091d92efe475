import { describe, expect, it } from "vitest";
import { applicableDimensions } from "./applicable-dimensions";
import { sideFromCoin, toCandidatePreference } from "./candidate-preference";
import { leaseExpiry } from "./lease-expiry";
import { validateSubmission } from "./validate-submission";
import { translate } from "../../i18n/translator";

const dim = (key: string, image = true, text = true) => ({ key, label: key, description: "", appliesToText: text, appliesToImage: image, appliesToAudio: text, forTextResponses: true, forImageResponses: true, forAudioResponses: true, scaleMin: -3, scaleMax: 3 });
const dims = [dim("overall"), dim("truthfulness")];

describe("validateSubmission", () => {
  it("accepts a complete answer", () => {
    expect(validateSubmission(dims, { values: { overall: 2, truthfulness: -3 }, cannotAssess: false, harmful: false })).toEqual([]);
  });

  it("names every missing, out-of-range, fractional or unknown value", () => {
    const problems = validateSubmission(dims, { values: { overall: 4, helpfulness: 1 }, cannotAssess: false, harmful: false });
    expect(problems).toEqual([
      { field: "values.helpfulness", message: '"helpfulness" is not a dimension of this task', key: "unknownDimension", values: { key: "helpfulness" } },
      { field: "values.overall", message: "overall must be a whole number from -3 to 3", key: "answerOutOfRange", values: { dimension: "overall", min: -3, max: 3 } },
      { field: "values.truthfulness", message: "Choose an answer for truthfulness.", key: "chooseAnswer", values: { dimension: "truthfulness" } },
    ]);
    // The catalogue's English says the same as the English message (the page shows the catalogue's, in the grader's language).
    for (const p of problems) expect(translate("en", `errors.${p.key}`, p.values).replace(/\.$/, "")).toBe(p.message.replace(/\.$/, ""));
    expect(validateSubmission(dims, { values: { overall: 1.5, truthfulness: 0 }, cannotAssess: false, harmful: false })).toHaveLength(1);
  });

  it("requires a comment on flagged tasks, and lets 'cannot assess' leave values empty", () => {
    expect(validateSubmission(dims, { values: {}, cannotAssess: true, harmful: false })).toEqual([
      { field: "comment", message: "A flagged task needs a comment saying what is wrong.", key: "flaggedNeedsComment", values: {} }]);
    expect(validateSubmission(dims, { values: {}, cannotAssess: true, harmful: false, comment: "Prompt is unreadable" })).toEqual([]);
    expect(validateSubmission(dims, { values: { overall: 0, truthfulness: 0 }, cannotAssess: false, harmful: true, comment: "  " })).toHaveLength(1);
  });
});

describe("applicable dimensions", () => {
  it("shows image understanding only on image prompts", () => {
    const all = [dim("overall"), dim("image_understanding", true, false)];
    expect(applicableDimensions(all, "TEXT").map((d) => d.key)).toEqual(["overall"]);
    expect(applicableDimensions(all, "IMAGE").map((d) => d.key)).toEqual(["overall", "image_understanding"]);
  });
});

describe("candidate preference", () => {
  it("stores preferences relative to the candidate, whichever side it was shown on", () => {
    // Grader says "Response 2 much better" (+3). Candidate on the right: +3 for the candidate.
    expect(toCandidatePreference(3, "RIGHT")).toBe(3);
    // Candidate on the left (Response 1): Response 2 better means the baseline won.
    expect(toCandidatePreference(3, "LEFT")).toBe(-3);
    expect(toCandidatePreference(0, "LEFT") === 0).toBe(true);
    // Applying the conversion twice gives the grader's value back: the stored value loses nothing.
    for (const v of [-3, -1, 0, 2]) for (const s of ["LEFT", "RIGHT"] as const) expect(toCandidatePreference(toCandidatePreference(v, s), s)).toBe(v);
  });

  it("maps a fair coin to both sides", () => {
    expect([sideFromCoin(0), sideFromCoin(0.49), sideFromCoin(0.5), sideFromCoin(0.99)]).toEqual(["LEFT", "LEFT", "RIGHT", "RIGHT"]);
  });
});

describe("lease expiry", () => {
  const now = new Date("2026-01-01T00:00:00Z");
  it("ends the study's lease time after leasing", () => {
    expect(leaseExpiry(now, 20).toISOString()).toBe("2026-01-01T00:20:00.000Z");
    expect(leaseExpiry(now, 90).toISOString()).toBe("2026-01-01T01:30:00.000Z");
  });
});
