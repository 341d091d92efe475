import { describe, expect, it } from "vitest";
import { afterFailedLogin, afterSuccessfulLogin, FREE_ATTEMPTS, secondsLocked, type ThrottleState } from "./login-throttle";

const now = new Date("2026-01-01T12:00:00Z");
const fresh: ThrottleState = { failedLoginCount: 0, lockedUntil: null };

describe("login throttle", () => {
  it("allows the first four failures without a lock", () => {
    let s = fresh;
    for (let i = 1; i < FREE_ATTEMPTS; i++) {
      s = afterFailedLogin(s, now);
      expect(s).toEqual({ failedLoginCount: i, lockedUntil: null });
    }
  });

  it("locks 30 s on the fifth failure and doubles each time after", () => {
    const fifth = afterFailedLogin({ failedLoginCount: 4, lockedUntil: null }, now);
    expect(secondsLocked(fifth, now)).toBe(30);
    const sixth = afterFailedLogin(fifth, now);
    expect(secondsLocked(sixth, now)).toBe(60);
    const seventh = afterFailedLogin(sixth, now);
    expect(secondsLocked(seventh, now)).toBe(120);
  });

  it("caps the lock at 15 minutes", () => {
    const s = afterFailedLogin({ failedLoginCount: 40, lockedUntil: null }, now);
    expect(secondsLocked(s, now)).toBe(900);
  });

  it("counts down and releases when the time has passed", () => {
    const s = { failedLoginCount: 5, lockedUntil: new Date(now.getTime() + 10_500) };
    expect(secondsLocked(s, now)).toBe(11);
    expect(secondsLocked(s, new Date(now.getTime() + 10_500))).toBe(0);
  });

  it("resets after a success", () => {
    expect(afterSuccessfulLogin()).toEqual(fresh);
  });
});
