// The webhook worker each app instance runs (started from instrumentation.ts): every few seconds it
// queues progress events for thresholds passed and sends the deliveries that are due. Instances
// claim deliveries in the database, so running it everywhere sends each delivery once.
import { db } from "../db";
import { checkProgress, deliverDue } from "./service";

const EVERY_MS = 15_000;
let started = false;

export function startWebhookWorker(): void {
  if (started) return;
  started = true;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const now = new Date();
      await checkProgress(db(), now);
      await deliverDue(db(), now);
    } catch (e) {
      console.error("webhooks: this round failed and is retried in 15 s:", (e as Error).message);
    } finally {
      running = false;
    }
  };
  setInterval(() => void tick(), EVERY_MS).unref();
}
