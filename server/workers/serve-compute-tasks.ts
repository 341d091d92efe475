// The worker side of a kept computation worker (compute-worker.ts): answers each task it is sent
// with one message, and stays for the next. A task that throws is answered with its error; the
// worker goes on serving.
import { parentPort } from "node:worker_threads";

/** What a task is answered with: its result, or the message of what it threw. */
export type ComputeAnswer<R> = { id: number; result: R } | { id: number; error: string };

export function serveComputeTasks<D, R>(compute: (data: D) => R): void {
  const port = parentPort;
  if (!port) throw new Error("serveComputeTasks runs on a worker thread only");
  port.on("message", ({ id, data }: { id: number; data: D }) => {
    let answer: ComputeAnswer<R>;
    try {
      answer = { id, result: compute(data) };
    } catch (e) {
      answer = { id, error: e instanceof Error ? e.message : String(e) };
    }
    port.postMessage(answer);
  });
}
