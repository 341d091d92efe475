// Import problems, each pinned to a line and a field so a user can fix the file.
export interface ImportProblem {
  line: number;
  field: string;
  message: string;
}

export const MAX_LISTED_PROBLEMS = 200;

export class ImportRejected extends Error {
  constructor(readonly file: string, readonly problems: ImportProblem[], readonly total: number) {
    super(
      `${file}: ${total} problem${total === 1 ? "" : "s"}; nothing was imported.\n` +
        problems.map((p) => `  line ${p.line}, ${p.field}: ${p.message}`).join("\n") +
        (total > problems.length ? `\n  … and ${total - problems.length} more` : ""),
    );
  }
}

/** Collects problems, keeping the first MAX_LISTED_PROBLEMS and counting the rest. */
export class ProblemList {
  readonly listed: ImportProblem[] = [];
  total = 0;
  add(p: ImportProblem): void {
    this.total++;
    if (this.listed.length < MAX_LISTED_PROBLEMS) this.listed.push(p);
  }
}
