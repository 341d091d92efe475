import { describe, expect, it } from "vitest";
import { fullyHeard, heardSeconds, listenGate } from "./listening";

describe("listening", () => {
  it("adds played spans once, overlaps and repeats included", () => {
    expect(heardSeconds([])).toBe(0);
    expect(heardSeconds([[0, 2], [1, 3], [5, 6]])).toBe(4);
    expect(heardSeconds([[4, 6], [0, 1], [0, 1]])).toBe(3);
    expect(heardSeconds([[2, 2], [3, 1]])).toBe(0);
  });

  it("counts a clip heard only when nearly all of it was played, not when the grader skipped ahead", () => {
    expect(fullyHeard([[0, 9.9]], 10)).toBe(true);
    expect(fullyHeard([[0, 2], [8, 10]], 10)).toBe(false); // seeked over the middle
    expect(fullyHeard([[0, 5], [5, 10]], 10)).toBe(true);
    expect(fullyHeard([[0, 1]], Number.NaN)).toBe(false); // metadata not loaded yet
  });

  it("names the clips still to hear, only when the study asks for it", () => {
    expect(listenGate(false, [{ label: "Response 1", heard: false }])).toBeNull();
    expect(listenGate(true, [{ label: "Response 1", heard: true }, { label: "Response 2", heard: true }])).toBeNull();
    expect(listenGate(true, [{ label: "Response 1", heard: false }, { label: "Response 2", heard: false }])).toEqual(["Response 1", "Response 2"]);
    expect(listenGate(true, [{ label: "Response 1", heard: true }, { label: "Response 2", heard: false }])).toEqual(["Response 2"]);
  });
});
