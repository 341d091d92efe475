// When a grader's next task is a control item (gold or attention check) instead of study material.
// A fixed pattern ("every tenth task") would teach graders when to pay attention, so each task is
// drawn at the study's rate from a hash of the study, the grader and how many tasks they have
// had: unpredictable to them, the same on every app instance and in every test run.
import { stableHash } from "../../grading/domain/lease-order";

export function controlTaskNext(rate: number, studyId: string, graderId: string, tasksSoFar: number): boolean {
  if (!(rate > 0)) return false;
  if (rate >= 1) return true;
  return stableHash(`control:${studyId}:${graderId}:${tasksSoFar}`) / 2 ** 32 < rate;
}
