// Which earlier turns of a conversation are open when a task loads: the latest few, so the grader
// starts next to the turn being answered; the rest stay folded until asked for.
export const OPEN_TURNS = 4;

/** `shown`: index of the first open turn; `hidden`: how many turns before it are folded. */
export function visibleTurns(total: number, expanded: boolean): { shown: number; hidden: number } {
  const shown = expanded || total <= OPEN_TURNS + 1 ? 0 : total - OPEN_TURNS;
  return { shown, hidden: shown };
}
