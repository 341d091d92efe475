// Runs once when a Next.js server instance starts: the webhook worker (server/webhooks/scheduler.ts)
// and a check of the database's settings (server/db/planner-statistics-check.ts), on the Node.js
// runtime only.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startWebhookWorker } = await import("./server/webhooks/scheduler");
    startWebhookWorker();
    const [{ db }, { plannerStatisticsWarning }] = await Promise.all([import("./server/db"), import("./server/db/planner-statistics-check")]);
    // Never holds up start-up, nor fails it: the database may not be reachable yet.
    plannerStatisticsWarning(db()).then((warning) => warning && console.warn(`verdict: ${warning}`), () => {});
  }
}
