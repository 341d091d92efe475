import { expect, it } from "vitest";
import { fullCollection } from "./full-collection";

it("collects what nothing refers to any more, in a process started without --expose-gc", () => {
  const gc = fullCollection();
  let held: number[][] | null = Array.from({ length: 200 }, () => Array.from({ length: 20_000 }, (_, i) => i + 0.5)); // some 30 MB of doubles
  const withGarbage = process.memoryUsage().heapUsed;
  expect(held.length).toBe(200);
  held = null;
  gc();
  expect(process.memoryUsage().heapUsed).toBeLessThan(withGarbage - 20 * 1024 ** 2);
  expect(fullCollection()).toBe(gc); // taken once
});
