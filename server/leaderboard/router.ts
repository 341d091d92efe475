import { createTRPCRouter, researcherProcedure } from "../trpc";
import { ZLeaderboardRequest } from "./schema";
import * as service from "./service";

export const leaderboardRouter = createTRPCRouter({
  studies: researcherProcedure.query(({ ctx }) => service.leaderboardStudies(ctx.db)),
  ratings: researcherProcedure.input(ZLeaderboardRequest).query(({ ctx, input }) => service.leaderboard(ctx.db, input)),
});
