import { describe, expect, it } from "vitest";
import { timeOrderedId } from "./time-ordered-id";

const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;
const DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const timeOf = (id: string) => [...id.slice(0, 10)].reduce((t, c) => t * 32 + DIGITS.indexOf(c), 0);

describe("timeOrderedId", () => {
  it("is a ULID whose first ten characters are the time in milliseconds", () => {
    const at = Date.UTC(2026, 11, 2, 1, 2, 3, 456) + 1e9; // later than anything made before in this process
    const id = timeOrderedId(at);
    expect(id).toMatch(ULID);
    expect(timeOf(id)).toBe(at);
  });

  it("sorts in the order made, as strings, within one millisecond and across many", () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => timeOrderedId(Date.now() + Math.floor(i / 5000)));
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1]).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    ids.forEach((id) => expect(id).toMatch(ULID));
  });

  it("sorts the same under a language's collation as byte by byte (PostgreSQL may compare by locale)", () => {
    const ids = Array.from({ length: 2_000 }, (_, i) => timeOrderedId(Date.now() + 2e9 + i * 997));
    const collator = new Intl.Collator("en-US");
    for (let i = 1; i < ids.length; i++) expect(collator.compare(ids[i], ids[i - 1])).toBe(1);
  });

  it("keeps 68 random bits after the time and counter: ids made in the same millisecond by two processes differ", () => {
    // After the ten of the time, the counter's 12 bits fill two characters and two bits of the
    // third; the last 13 characters hold random bits only.
    const tails = new Set(Array.from({ length: 5_000 }, () => timeOrderedId().slice(13)));
    expect(tails.size).toBe(5_000);
  });

  it("stays increasing when the clock goes back", () => {
    const a = timeOrderedId(Date.now() + 5e9);
    const b = timeOrderedId(Date.now());
    expect(b > a).toBe(true);
  });
});
