// Grading from another front-end: exactly the browser's blind task and submission.
import { z } from "zod";
import { ZSubmitAssignment } from "../../grading/schema";
import { leaseNext, submitAssignment } from "../../grading/service";
import { endpoint } from "../endpoint";
import { apiJson } from "../rest";

export const next = endpoint({
  method: "POST", path: "/grading/{studyId}/next", scope: "grade", summary: "Lease the grader's next task (or their live one)",
  description: "The task is blind: texts, media URLs and the dimensions to answer; never model names. 204 when nothing is left for this grader.",
  params: z.object({ studyId: z.string().min(1) }),
  responses: { 200: { description: "The task", schema: z.object({ assignmentId: z.string(), prompt: z.object({ text: z.string() }).loose(),
    responses: z.array(z.object({ label: z.string(), text: z.string() }).loose()), dimensions: z.array(z.object({ key: z.string(), scaleMin: z.number(), scaleMax: z.number() }).loose()) }).loose() },
    204: { description: "Nothing left for this grader in this study" } },
  handle: async ({ db, who, params, now }) => {
    const task = await leaseNext(db, who.user, params.studyId, now);
    return task ? apiJson(task) : new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  },
});

export const submit = endpoint({
  method: "POST", path: "/grading/submit", scope: "grade", summary: "Submit a task's answers",
  description: "Idempotent by nature: submitting the same assignment again answers `already-submitted` with what was stored.",
  body: ZSubmitAssignment,
  responses: { 200: { description: "Stored (or already stored)", schema: z.object({ status: z.enum(["stored", "already-submitted"]), surplus: z.boolean() }).loose() } },
  handle: async ({ db, who, body, now }) => apiJson(await submitAssignment(db, who.user, body, now)),
});
