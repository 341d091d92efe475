import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-policy";

describe("password policy", () => {
  it("refuses common and breached passwords, whatever their case", () => {
    for (const p of ["password123", "1234567890", "qwertyuiop", "Password123"]) expect(passwordProblem(p, "ana@example.org")).toMatch(/most commonly used/);
  });

  it("refuses passwords that contain the e-mail's name", () => {
    expect(passwordProblem("ana.garcia-2026!", "ana.garcia@example.org")).toMatch(/e-mail's name \("ana.garcia"\)/);
    expect(passwordProblem("x-ANA.GARCIA-x-77", "ana.garcia@example.org")).toMatch(/e-mail's name/);
  });

  it("refuses repeats, sequences and small variations of common passwords, saying why", () => {
    expect(passwordProblem("aaaaaaaaaa", "ana@example.org")).toMatch(/too easy to guess: Repeated characters/);
    expect(passwordProblem("abcdefghijk", "ana@example.org")).toMatch(/too easy to guess: Common character sequences/);
    expect(passwordProblem("iloveyou12345", "ana@example.org")).toMatch(/too easy to guess/);
  });

  it("accepts passphrases and mixed passwords", () => {
    for (const p of ["correct horse battery", "a long enough password", "Tr4ns-lucent#Otter"]) expect(passwordProblem(p, "ana@example.org")).toBeNull();
  });
});
