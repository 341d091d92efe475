// Every REST endpoint of /api/v1, in the order the reference lists them.
import type { Endpoint } from "./endpoint";
import { createUserEndpoint, users } from "./endpoints/admin";
import { me, models, promptSets } from "./endpoints/catalog";
import { next, submit } from "./endpoints/grading";
import { judgments, material } from "./endpoints/imports";
import { judgmentsExport, leaderboardEndpoint, report } from "./endpoints/results";
import { createStudyEndpoint, getStudyEndpoint, listStudiesEndpoint, setStatusEndpoint } from "./endpoints/studies";

export const ENDPOINTS: Endpoint[] = [
  me, models, promptSets,
  material, judgments,
  listStudiesEndpoint, createStudyEndpoint, getStudyEndpoint, setStatusEndpoint,
  report, judgmentsExport, leaderboardEndpoint,
  next, submit,
  users, createUserEndpoint,
];
