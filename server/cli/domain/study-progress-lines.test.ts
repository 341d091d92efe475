import { describe, expect, it } from "vitest";
import { studyProgressLines } from "./study-progress-lines";

describe("study progress lines", () => {
  it("says the status and the share done, overall and per locale", () => {
    expect(studyProgressLines({ name: "S", status: "RUNNING", progress: { submitted: 3, wanted: 12,
      byLocale: [{ localeCode: "ja-JP", submitted: 0, wanted: 0 }, { localeCode: "en-US", submitted: 3, wanted: 6 }] } }))
      .toEqual(["S: running, 3 of 12 judgments (25%)", "  en-US: 3 of 6 (50%)", "  ja-JP: 0 of 0 (–)"]);
  });
});
