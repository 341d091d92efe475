// What Enter does on the task page, by what has focus. Enter submits only from the answers (or the
// page itself); on any other button or link it does what it does there (Skip, Zoom, a link in a
// response, "Show raw text") and never submits by surprise. Ctrl+Enter / ⌘+Enter always submits,
// from anywhere, the comment box included.

export type FocusKind = "page" | "answer" | "submit-button" | "text-field" | "other-control";

export function enterSubmits(focus: FocusKind, withCtrlOrMeta: boolean): boolean {
  if (withCtrlOrMeta) return true;
  return focus === "page" || focus === "answer";
}

/** The first dimension without an answer (where focus goes when a task is shown again), else the first. */
export function firstUnanswered(keys: string[], values: Record<string, number | undefined>): number {
  const i = keys.findIndex((k) => values[k] === undefined);
  return i < 0 ? 0 : i;
}
