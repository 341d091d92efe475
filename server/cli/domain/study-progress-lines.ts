// What `verdict study status` prints, the same from the database and from a server.
export interface StudyProgressView {
  name: string;
  status: string;
  progress: { submitted: number; wanted: number; byLocale: { localeCode: string; submitted: number; wanted: number }[] };
}

const pct = (a: number, b: number) => (b > 0 ? `${Math.round((a / b) * 100)}%` : "–");

export function studyProgressLines(s: StudyProgressView): string[] {
  return [
    `${s.name}: ${s.status.toLowerCase()}, ${s.progress.submitted} of ${s.progress.wanted} judgments (${pct(s.progress.submitted, s.progress.wanted)})`,
    ...[...s.progress.byLocale].sort((a, b) => a.localeCode.localeCompare(b.localeCode))
      .map((l) => `  ${l.localeCode}: ${l.submitted} of ${l.wanted} (${pct(l.submitted, l.wanted)})`),
  ];
}
