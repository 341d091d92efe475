// A half-filled task survives a reload: answers are kept in the browser's storage per assignment.
export interface TaskDraft {
  values: Record<string, number>;
  comment: string;
  cannotAssess: boolean;
  harmful: boolean;
  startedAt: number;
}

export const draftKey = (assignmentId: string) => `verdict:draft:${assignmentId}`;

export function emptyDraft(now: number): TaskDraft {
  return { values: {}, comment: "", cannotAssess: false, harmful: false, startedAt: now };
}

/** Reads a stored draft, dropping anything malformed or not one of the task's dimensions. */
export function parseDraft(raw: string | null, dimensionKeys: string[], now: number): TaskDraft {
  if (!raw) return emptyDraft(now);
  try {
    const d = JSON.parse(raw) as Partial<TaskDraft>;
    const values: Record<string, number> = {};
    for (const key of dimensionKeys) {
      const v = d.values?.[key];
      if (typeof v === "number" && Number.isInteger(v)) values[key] = v;
    }
    return {
      values,
      comment: typeof d.comment === "string" ? d.comment : "",
      cannotAssess: d.cannotAssess === true,
      harmful: d.harmful === true,
      startedAt: typeof d.startedAt === "number" && d.startedAt <= now ? d.startedAt : now,
    };
  } catch {
    return emptyDraft(now);
  }
}
