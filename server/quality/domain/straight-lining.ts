// Straight-lining: giving the same answer on every dimension of a task without reading. Only tasks
// with two or more answered dimensions can show it. Answers are compared as stored; for
// side-by-side tasks that is the candidate's terms, which within one task is the same as the
// sides the grader saw (one candidate side per task).

export interface TaskAnswers {
  graderId: string;
  /** answered dimensions (with a value) and the smallest and largest value among them */
  answered: number;
  min: number;
  max: number;
}

export function straightLining(tasks: TaskAnswers[]): Map<string, { uniform: number; tasks: number }> {
  const out = new Map<string, { uniform: number; tasks: number }>();
  for (const t of tasks) {
    if (t.answered < 2) continue;
    const g = out.get(t.graderId) ?? out.set(t.graderId, { uniform: 0, tasks: 0 }).get(t.graderId)!;
    g.tasks++;
    if (t.min === t.max) g.uniform++;
  }
  return out;
}
