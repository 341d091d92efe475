// Agreement of each grader with the other graders on the items and dimensions they both judged:
// over every pair (this grader's judgment, another grader's judgment of the same item and
// dimension), the share that agree. Side-by-side judgments agree when they pick the same verdict
// (candidate better, about the same, baseline better) whatever its strength; single-sided scores
// agree when they are at most one point apart.

export interface UnitJudgment {
  graderId: string;
  /** item and dimension: judgments of the same unit are compared */
  unit: string;
  value: number;
}

export const agrees = (type: "SIDE_BY_SIDE" | "SINGLE_SIDED", a: number, b: number) =>
  type === "SIDE_BY_SIDE" ? Math.sign(a) === Math.sign(b) : Math.abs(a - b) <= 1;

export function peerAgreement(type: "SIDE_BY_SIDE" | "SINGLE_SIDED", judgments: UnitJudgment[]): Map<string, { agreeing: number; pairs: number }> {
  const byUnit = new Map<string, UnitJudgment[]>();
  for (const j of judgments) (byUnit.get(j.unit) ?? byUnit.set(j.unit, []).get(j.unit)!).push(j);
  const out = new Map<string, { agreeing: number; pairs: number }>();
  for (const group of byUnit.values()) {
    if (group.length < 2) continue;
    for (const j of group) {
      const t = out.get(j.graderId) ?? out.set(j.graderId, { agreeing: 0, pairs: 0 }).get(j.graderId)!;
      for (const other of group) {
        if (other === j || other.graderId === j.graderId) continue;
        t.pairs++;
        if (agrees(type, j.value, other.value)) t.agreeing++;
      }
    }
  }
  return out;
}
