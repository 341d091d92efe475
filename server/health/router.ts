import { createTRPCRouter, publicProcedure } from "../trpc";

export const healthRouter = createTRPCRouter({
  // For load balancers, and the no-op baseline of the benchmarks: touches no database.
  ping: publicProcedure.query(() => ({ ok: true })),
});
