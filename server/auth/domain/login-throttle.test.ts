import { describe, expect, it } from "vitest";
import { ACCOUNT_WIDE, clientAddress, lockSeconds, mayCheckPassword, PER_CLIENT, secondsLeft, throttleScopes } from "./login-throttle";

const now = new Date("2026-01-01T12:00:00Z");

describe("login throttle", () => {
  it("lets the first five attempts in a client's scope check a password, and no more until a lock has run out", () => {
    for (let n = 1; n <= 5; n++) expect(mayCheckPassword({ failures: n, lockedAtFailures: null }, PER_CLIENT)).toBe(true);
    // Concurrent guesses 6…24 counted before any lock was written: none checks a password.
    for (let n = 6; n <= 24; n++) expect(mayCheckPassword({ failures: n, lockedAtFailures: null }, PER_CLIENT)).toBe(false);
    // After the lock set by attempt 5 ran out, attempt 6 (and only it) may try.
    expect(mayCheckPassword({ failures: 6, lockedAtFailures: 5 }, PER_CLIENT)).toBe(true);
    expect(mayCheckPassword({ failures: 7, lockedAtFailures: 5 }, PER_CLIENT)).toBe(false);
  });

  it("locks 30 s at the fifth failure, doubling each time after, up to 15 minutes", () => {
    expect([4, 5, 6, 7].map((n) => lockSeconds(n, PER_CLIENT))).toEqual([0, 30, 60, 120]);
    expect(lockSeconds(40, PER_CLIENT)).toBe(900);
    expect(lockSeconds(10_000, PER_CLIENT)).toBe(900);
    expect(lockSeconds(19, ACCOUNT_WIDE)).toBe(0);
    expect(lockSeconds(20, ACCOUNT_WIDE)).toBe(30);
  });

  it("counts down and releases when the time has passed", () => {
    const until = new Date(now.getTime() + 10_500);
    expect(secondsLeft(until, now)).toBe(11);
    expect(secondsLeft(until, until)).toBe(0);
    expect(secondsLeft(null, now)).toBe(0);
  });

  it("counts a known device only in its own scope, any other client per address and account-wide", () => {
    expect(throttleScopes({ email: "e", address: "a", knownDevice: "d" }).map((s) => s.key)).toEqual(["device:e:d"]);
    expect(throttleScopes({ email: "e", address: "a", knownDevice: null }).map((s) => [s.key, s.policy])).toEqual([["address:e:a", PER_CLIENT], ["account:e", ACCOUNT_WIDE]]);
  });

  it("takes the client address a trusted proxy appended, or the last one without a proxy", () => {
    expect(clientAddress("203.0.113.9", 0)).toBe("203.0.113.9");
    expect(clientAddress("6.6.6.6, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientAddress("6.6.6.6, 203.0.113.9, 10.0.0.2", 2)).toBe("203.0.113.9");
    expect(clientAddress(null, 0)).toBe("unknown");
  });
});
