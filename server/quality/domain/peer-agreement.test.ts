import { describe, expect, it } from "vitest";
import { peerAgreement } from "./peer-agreement";
import { straightLining } from "./straight-lining";

describe("peerAgreement", () => {
  it("counts agreeing pairs per grader on shared units (hand-computed)", () => {
    // Unit u1: a=+2, b=+1, c=-1. a agrees with b (same side), not c: 1 of 2. b: 1 of 2. c: 0 of 2.
    // Unit u2: a=0, b=0: a 1 of 1, b 1 of 1. Unit u3 has one judgment only: no pairs.
    const r = peerAgreement("SIDE_BY_SIDE", [
      { graderId: "a", unit: "u1", value: 2 }, { graderId: "b", unit: "u1", value: 1 }, { graderId: "c", unit: "u1", value: -1 },
      { graderId: "a", unit: "u2", value: 0 }, { graderId: "b", unit: "u2", value: 0 },
      { graderId: "c", unit: "u3", value: 3 },
    ]);
    expect(Object.fromEntries(r)).toEqual({ a: { agreeing: 2, pairs: 3 }, b: { agreeing: 2, pairs: 3 }, c: { agreeing: 0, pairs: 2 } });
  });

  it("treats single-sided scores one point apart as agreeing", () => {
    const r = peerAgreement("SINGLE_SIDED", [
      { graderId: "a", unit: "u", value: 4 }, { graderId: "b", unit: "u", value: 5 }, { graderId: "c", unit: "u", value: 2 },
    ]);
    expect(Object.fromEntries(r)).toEqual({ a: { agreeing: 1, pairs: 2 }, b: { agreeing: 1, pairs: 2 }, c: { agreeing: 0, pairs: 2 } });
  });
});

describe("straightLining", () => {
  it("counts tasks with one answer on every dimension, among tasks with two or more answers", () => {
    const r = straightLining([
      { graderId: "a", answered: 4, min: 3, max: 3 },
      { graderId: "a", answered: 4, min: -1, max: 3 },
      { graderId: "a", answered: 1, min: 2, max: 2 }, // one dimension: cannot straight-line
      { graderId: "b", answered: 2, min: 0, max: 0 },
    ]);
    expect(Object.fromEntries(r)).toEqual({ a: { uniform: 1, tasks: 2 }, b: { uniform: 1, tasks: 1 } });
  });
});
