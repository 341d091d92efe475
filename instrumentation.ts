// Runs once when a Next.js server instance starts: the webhook worker (server/webhooks/scheduler.ts),
// on the Node.js runtime only.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startWebhookWorker } = await import("./server/webhooks/scheduler");
    startWebhookWorker();
  }
}
