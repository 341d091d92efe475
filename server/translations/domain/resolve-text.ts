// Which words a grader reads for one grader-facing text (a study's title or guidelines, a
// dimension's label or description): the researcher's translation into the grader's language,
// else the catalogue's (built-in dimensions and neutral study titles are translated there), else
// the English original. The source says which, so the researcher can see what falls back.

export type TextSource = "original" | "researcher" | "catalogue" | "english";

export interface ResolvedText {
  text: string;
  source: TextSource;
}

export function resolveText(language: string, english: string, researcher: string | null | undefined, catalogue: string | null | undefined): ResolvedText {
  if (language === "en") return { text: english, source: "original" };
  if (researcher?.trim()) return { text: researcher, source: "researcher" };
  if (catalogue?.trim()) return { text: catalogue, source: "catalogue" };
  return { text: english, source: "english" };
}
