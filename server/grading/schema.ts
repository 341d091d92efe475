import { z } from "zod";

export const ZLeaseNext = z.object({ studyId: z.string().min(1) });

export const ZSubmitAssignment = z.object({
  assignmentId: z.string().min(1),
  // Keyed by dimension key; values as the grader saw them (side-by-side: -3 = Response 1 much better).
  values: z.record(z.string().max(40), z.number().int()).refine((v) => Object.keys(v).length <= 30, "Too many dimensions"),
  comment: z.string().trim().max(5000).optional().nullable(),
  cannotAssess: z.boolean().default(false),
  harmful: z.boolean().default(false),
  timeSpentMs: z.number().int().min(0).max(24 * 3600_000).optional(),
});
export type TSubmitAssignment = z.infer<typeof ZSubmitAssignment>;

export const ZSkipAssignment = z.object({
  assignmentId: z.string().min(1),
  reason: z.string().trim().min(1, "Say why you skip").max(500),
});

export const ZReleaseLease = z.object({ assignmentId: z.string().min(1) });

// The task page checks answers with the server's own rule before sending them.
export { validateSubmission, type SubmissionProblem } from "./domain/validate-submission";
