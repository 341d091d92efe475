// HTTP Range requests on a stored file (RFC 9110 §14): what a media player sends to seek. One range
// is served as 206; a range past the end is 416; anything else (no header, several ranges, another
// unit, a malformed header) is answered with the whole file, as the RFC allows a server to do.
export type RangeAnswer =
  | { kind: "whole" }
  | { kind: "partial"; start: number; end: number } // inclusive end, as Content-Range writes it
  | { kind: "unsatisfiable" };

export function byteRange(header: string | null, size: number): RangeAnswer {
  if (!header) return { kind: "whole" };
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === "" && m[2] === "")) return { kind: "whole" };
  if (m[1] === "") {
    // The last N bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return { kind: "unsatisfiable" };
  if (end < start) return { kind: "whole" };
  return { kind: "partial", start, end };
}
