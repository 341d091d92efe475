// Which side-by-side studies a leaderboard spans when none are named: those that share models,
// directly or through others. Studies fall into groups (connected by a shared model); the group
// with the most models (then studies) is the scope, and the others are named as left out.
export interface StudyModels {
  name: string;
  models: string[];
}

export function studyGroups(studies: StudyModels[]): StudyModels[][] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    const p = parent.get(x) ?? x;
    if (p === x) return x;
    const root = find(p);
    parent.set(x, root);
    return root;
  };
  const union = (a: string, b: string) => parent.set(find(a), find(b));
  for (const s of studies) for (const m of s.models) union(`s:${s.name}`, `m:${m}`);
  const groups = new Map<string, StudyModels[]>();
  for (const s of studies) {
    const root = find(`s:${s.name}`);
    (groups.get(root) ?? groups.set(root, []).get(root)!).push(s);
  }
  const modelCount = (g: StudyModels[]) => new Set(g.flatMap((s) => s.models)).size;
  return [...groups.values()].sort((x, y) => modelCount(y) - modelCount(x) || y.length - x.length || x[0].name.localeCompare(y[0].name));
}
