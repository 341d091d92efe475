// The style of a response as the Chatbot Arena's style control measures it: its length and how
// much markdown it uses (headers, list items, bold spans). Counted once per response and stored.
export interface ResponseStyle {
  length: number;
  headers: number;
  listItems: number;
  bold: number;
}

export const STYLE_FEATURES = ["length", "headers", "list_items", "bold"] as const;

const FENCE = /^\s{0,3}(```|~~~)/;
const HEADER = /^\s{0,3}#{1,6}\s+\S/;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s+\S/;
const BOLD = /(\*\*|__)(?=\S)[\s\S]*?\S\1/g;

/** Markdown elements outside fenced code (a `# comment` in code is not a header). */
export function responseStyle(text: string): ResponseStyle {
  let headers = 0, listItems = 0, bold = 0;
  let inFence = false;
  for (const line of text.split("\n")) {
    if (FENCE.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    if (HEADER.test(line)) headers++;
    else if (LIST_ITEM.test(line)) listItems++;
    bold += line.match(BOLD)?.length ?? 0;
  }
  return { length: [...text].length, headers, listItems, bold };
}

/** A battle's style covariates: (a − b) / (a + b) per feature, 0 when neither has any (as the Arena normalises). */
export function styleDifference(a: ResponseStyle, b: ResponseStyle): number[] {
  const d = (x: number, y: number) => (x + y === 0 ? 0 : (x - y) / (x + y));
  return [d(a.length, b.length), d(a.headers, b.headers), d(a.listItems, b.listItems), d(a.bold, b.bold)];
}

/** A style as the Response table stores it. */
export const styleColumns = (s: ResponseStyle) => ({ styleLength: s.length, styleHeaders: s.headers, styleListItems: s.listItems, styleBold: s.bold });
