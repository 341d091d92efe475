// The app router: one line per feature.
import { analyticsRouter } from "./analytics/router";
import { dashboardsRouter } from "./dashboards/router";
import { authRouter } from "./auth/router";
import { gradingRouter } from "./grading/router";
import { healthRouter } from "./health/router";
import { localesRouter } from "./locales/router";
import { modelsRouter } from "./models/router";
import { promptsRouter } from "./prompts/router";
import { leaderboardRouter } from "./leaderboard/router";
import { plannerRouter } from "./planner/router";
import { qualityRouter } from "./quality/router";
import { studiesRouter } from "./studies/router";
import { createCallerFactory, createTRPCRouter } from "./trpc";
import { tokensRouter } from "./tokens/router";
import { translationsRouter } from "./translations/router";
import { webhooksRouter } from "./webhooks/router";
import { usersRouter } from "./users/router";

export const appRouter = createTRPCRouter({
  health: healthRouter,
  auth: authRouter,
  users: usersRouter,
  locales: localesRouter,
  models: modelsRouter,
  prompts: promptsRouter,
  studies: studiesRouter,
  grading: gradingRouter,
  analytics: analyticsRouter,
  dashboards: dashboardsRouter,
  quality: qualityRouter,
  leaderboard: leaderboardRouter,
  planner: plannerRouter,
  tokens: tokensRouter,
  webhooks: webhooksRouter,
  translations: translationsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
