// Computation workers are kept between tasks: a second task runs on the thread (and the code V8
// optimised) of the first, a failing task is answered with its error without losing the worker,
// and idle workers beyond one per core end with their task.
import os from "node:os";
import { describe, expect, it } from "vitest";
import { computeWorkerCodeChecks, computeWorkersOf, computeWorkersStarted, runComputeWorker } from "./compute-worker";
import type { WeightedVerdicts } from "../quality/domain/weighted-verdicts";

/** Three graders on 30 prompts, the third off by `seed` classes, as the weighted-verdicts worker takes them. */
function task(seed: number) {
  const item: number[] = [], grader: number[] = [], label: number[] = [];
  for (let i = 0; i < 30; i++) for (let g = 0; g < 3; g++) { item.push(i); grader.push(g); label.push(g === 2 ? (i + seed) % 3 : i % 3); }
  return { dimensions: [{ dimension: "overall", labels: { items: 30, graders: 3, item: Int32Array.from(item), grader: Int32Array.from(grader), label: Int32Array.from(label) } }],
    bootstrap: { resamples: 50, seed } };
}
const fit = (data: Record<string, unknown>) => runComputeWorker<WeightedVerdicts[]>("weighted-verdicts-worker", data, "reliability-weighted verdicts");

describe("kept computation workers", () => {
  it("runs a second task on the worker of the first, with the same answers as a new worker", async () => {
    const first = await fit(task(1));
    const started = computeWorkersStarted();
    const again = await fit(task(1));
    const other = await fit(task(3));
    expect(computeWorkersStarted()).toBe(started);
    expect(again).toEqual(first);
    expect(first[0].prompts).toBe(30);
    expect(other[0].candidate).not.toEqual(first[0].candidate);
  }, 60_000);

  it("answers a failing task with its error and keeps serving", async () => {
    await fit(task(1));
    const started = computeWorkersStarted();
    await expect(fit({ dimensions: [{ dimension: "overall", labels: null }], bootstrap: { resamples: 50, seed: 1 } }))
      .rejects.toThrow(/^reliability-weighted verdicts: .*null/);
    expect((await fit(task(1)))[0].prompts).toBe(30);
    // Data that cannot be sent never reaches the worker, which stays free for the next task.
    await expect(fit({ dimensions: [], bootstrap: { resamples: 50, seed: 1 }, send: () => 1 })).rejects.toThrow(/could not be cloned/);
    expect(computeWorkersOf("weighted-verdicts-worker").busy).toBe(0);
    expect((await fit(task(1)))[0].prompts).toBe(30);
    expect(computeWorkersStarted()).toBe(started);
  }, 60_000);

  it("looks for the workers' code once for tasks handed out together, not once per task", async () => {
    await fit(task(1));
    const before = computeWorkerCodeChecks();
    // Handed out in one go, as a request hands out its dimensions or slices.
    const running = [fit(task(1)), fit(task(2)), fit(task(3)), fit(task(4))];
    const checks = computeWorkerCodeChecks() - before;
    await Promise.all(running);
    expect(checks).toBeLessThanOrEqual(1);
  }, 60_000);

  it("starts more workers for tasks at once and keeps one per core afterwards", async () => {
    const cores = os.availableParallelism();
    const before = computeWorkersStarted();
    const answers = await Promise.all(Array.from({ length: cores + 2 }, () => fit(task(3))));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(computeWorkersStarted()).toBeGreaterThan(before);
    await expect.poll(() => computeWorkersOf("weighted-verdicts-worker")).toEqual({ alive: cores, busy: 0 });
  }, 60_000);
});
