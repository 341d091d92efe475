import { describe, expect, it } from "vitest";
import { planSubmission as plan, REFUSALS, type StoredAssignment } from "./plan-submission";

/** As a grader whose locales are en-US and de-DE. */
const planSubmission = (...args: Parameters<typeof plan> extends [...infer P, unknown] ? P : never) => plan(...args, ["en-US", "de-DE"]);

const dims = [
  { dimensionId: "d-overall", key: "overall", label: "Overall", description: "", scaleMin: -3, scaleMax: 3, appliesToText: true, appliesToImage: true, appliesToAudio: true, forTextResponses: true, forImageResponses: true, forAudioResponses: true },
  { dimensionId: "d-image", key: "image_understanding", label: "Image", description: "", scaleMin: -3, scaleMax: 3, appliesToText: false, appliesToImage: true, appliesToAudio: false, forTextResponses: true, forImageResponses: true, forAudioResponses: true },
];
const leased = (over: Partial<StoredAssignment> = {}): StoredAssignment => ({ status: "LEASED", surplus: false, candidateSide: "LEFT", modality: "TEXT", studyStatus: "RUNNING", locale: "en-US", ...over });
const sxs = { type: "SIDE_BY_SIDE" as const, redundancy: 3 };
const answers = (values: Record<string, number>) => ({ values, cannotAssess: false, harmful: false });

describe("planSubmission", () => {
  it("stores preferences relative to the candidate, on the dimensions of the prompt's modality", () => {
    // Candidate shown on the left; the grader chose Response 1 (−2): the candidate is better, +2.
    expect(planSubmission(leased(), 1, sxs, dims, answers({ overall: -2 }))).toEqual({ kind: "store", surplus: false, rows: [{ dimensionId: "d-overall", preference: 2, score: null }] });
    const image = planSubmission(leased({ modality: "IMAGE", candidateSide: "RIGHT" }), 0, sxs, dims, answers({ overall: 1, image_understanding: -3 }));
    expect(image).toEqual({ kind: "store", surplus: false, rows: [{ dimensionId: "d-overall", preference: 1, score: null }, { dimensionId: "d-image", preference: -3, score: null }] });
  });

  it("marks a submission beyond k as surplus instead of refusing it", () => {
    expect(planSubmission(leased(), 3, sxs, dims, answers({ overall: 0 }))).toMatchObject({ kind: "store", surplus: true });
    expect(planSubmission(leased({ status: "EXPIRED" }), 2, sxs, dims, answers({ overall: 0 }))).toMatchObject({ kind: "store", surplus: false });
  });

  it("acknowledges a repeat without storing again, and refuses a skipped task", () => {
    expect(planSubmission(leased({ status: "SUBMITTED", surplus: true }), 3, sxs, dims, answers({ overall: 1 }))).toEqual({ kind: "already-submitted", surplus: true });
    expect(planSubmission(leased({ status: "SKIPPED" }), 0, sxs, dims, answers({ overall: 1 }))).toEqual({ kind: "skipped" });
  });

  it("reports invalid answers by field and stores scores as given for single-sided studies", () => {
    const bad = planSubmission(leased(), 0, sxs, dims, answers({ overall: 9, image_understanding: 1 }));
    expect(bad.kind).toBe("invalid");
    // A text prompt has no image-understanding dimension, and 9 is off the −3…3 scale.
    expect(bad.kind === "invalid" ? bad.problems.map((p) => p.field).sort() : []).toEqual(["values.image_understanding", "values.overall"]);
    const single = [{ ...dims[0], scaleMin: 1, scaleMax: 5 }];
    expect(planSubmission(leased({ candidateSide: null }), 0, { type: "SINGLE_SIDED", redundancy: 2 }, single, answers({ overall: 4 })))
      .toEqual({ kind: "store", surplus: false, rows: [{ dimensionId: "d-overall", preference: null, score: 4 }] });
  });

  it("refuses a released lease, a completed study and a locale the grader no longer has, saying why; a paused study takes the task in hand", () => {
    expect(planSubmission(leased({ status: "RELEASED" }), 0, sxs, dims, answers({ overall: 1 }))).toEqual({ kind: "refused", reason: "released", message: REFUSALS.released });
    expect(planSubmission(leased({ studyStatus: "COMPLETED" }), 0, sxs, dims, answers({ overall: 1 }))).toEqual({ kind: "refused", reason: "completed", message: REFUSALS.completed });
    expect(planSubmission(leased({ locale: "ja-JP" }), 0, sxs, dims, answers({ overall: 1 }))).toMatchObject({ kind: "refused", reason: "locale", message: expect.stringContaining("ja-JP") });
    expect(planSubmission(leased({ studyStatus: "PAUSED" }), 0, sxs, dims, answers({ overall: 1 }))).toMatchObject({ kind: "store" });
    // A repeat of what was stored before the study completed is still acknowledged as stored.
    expect(planSubmission(leased({ status: "SUBMITTED", studyStatus: "COMPLETED" }), 3, sxs, dims, answers({ overall: 1 }))).toEqual({ kind: "already-submitted", surplus: false });
  });
});
