import type { Db } from "../db/client";

export const findAttachment = (db: Db, id: string) =>
  db.attachment.findUnique({ where: { id }, select: { id: true, mimeType: true, data: true, byteSize: true, promptId: true, responseId: true } });

/** Whether the grader holds (or held) an assignment whose prompt or responses carry this attachment. */
export async function graderMaySee(db: Db, graderId: string, a: { promptId: string | null; responseId: string | null }) {
  const item = a.promptId
    ? { prompt: { id: a.promptId } }
    : { OR: [{ responseId: a.responseId! }, { baselineResponseId: a.responseId! }] };
  return (await db.assignment.count({ where: { graderId, item } })) > 0;
}
