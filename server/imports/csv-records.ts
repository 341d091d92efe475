// CSV text to records keyed by the header's names, each with the line it starts on, fed in chunks
// so that a file of any size is read in bounded memory.
//
// Papa Parse's core parser does the quoting (RFC 4180, "" inside quotes); this file adds what an
// import needs around it: chunks joined where a record was cut, the BOM, the line ending taken
// from the first line, line numbers that count the newlines inside quoted fields, blank lines
// skipped, and every malformed record refused with its line. Papa's parser reads a chunk with no
// quote in it by splitting lines and commas, some eight times faster than csv-parse's
// character-by-character state machine (bench/import.ts); quoted chunks take its quote-aware path.
import Papa from "papaparse";
import type { Fields } from "./domain/fields";

export class CsvFormatError extends Error {
  constructor(readonly line: number, readonly detail: string) {
    super(`line ${line}: malformed CSV: ${detail}`);
  }
}

export interface CsvRecord {
  line: number;
  fields: Fields;
}

const newlineOf = (text: string): "\n" | "\r\n" | "\r" => {
  const lf = text.indexOf("\n");
  const cr = text.indexOf("\r");
  if (lf === -1) return cr === -1 ? "\n" : "\r";
  if (cr !== -1 && cr < lf) return cr === lf - 1 ? "\r\n" : "\r";
  return "\n";
};

const NEWLINES = /\r\n|\r|\n/g;
const newlinesIn = (text: string): number => {
  if (text.indexOf("\n") === -1 && text.indexOf("\r") === -1) return 0;
  return text.match(NEWLINES)?.length ?? 0;
};

/** A CR not followed by LF, or an LF not preceded by CR. */
const hasLoneBreak = (text: string): boolean => {
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) if (i === 0 || text.charCodeAt(i - 1) !== 13) return true;
  for (let i = text.indexOf("\r"); i !== -1; i = text.indexOf("\r", i + 1)) if (text.charCodeAt(i + 1) !== 10) return true;
  return false;
};

export class CsvRecordReader {
  private parser: Papa.Parser | null = null;
  private newline: "\n" | "\r\n" | "\r" = "\n";
  private pending = "";
  private started = false; // the first line break has been seen and the parser made
  private ended = false;
  private nextLine = 1;
  private header: string[] | null = null; // the header's names, trimmed and lower-cased

  /** The records completed by this chunk (a record cut at the chunk's end waits for the next). */
  push(chunk: string): CsvRecord[] {
    if (this.ended) throw new Error("CsvRecordReader: push after end");
    if (!this.started) {
      // The line ending is read off the first line break, so wait for one.
      this.pending += chunk;
      // (A CR at the chunk's end may be the first half of a CRLF.)
      const lf = this.pending.indexOf("\n");
      const cr = this.pending.indexOf("\r");
      if (lf === -1 && (cr === -1 || cr === this.pending.length - 1)) return [];
      this.start();
      return this.parse(this.pending, false);
    }
    return this.parse(this.pending + chunk, false);
  }

  /** The last record (the file need not end with a newline); throws if the file ended inside quotes. */
  end(): CsvRecord[] {
    if (this.ended) return [];
    this.ended = true;
    if (!this.started) this.start();
    return this.parse(this.pending, true);
  }

  private start(): void {
    this.started = true;
    if (this.pending.charCodeAt(0) === 0xfeff) this.pending = this.pending.slice(1);
    this.newline = newlineOf(this.pending);
    this.parser = new Papa.Parser({ delimiter: ",", newline: this.newline, quoteChar: '"' });
  }

  private parse(text: string, last: boolean): CsvRecord[] {
    const result = this.parser!.parse(text, 0, !last) as Papa.ParseResult<string[]>;
    this.pending = last ? "" : text.substring(result.meta.cursor);
    // Without a quote in the text, a field holds a line break only if the text has a break other
    // than the file's line ending (a lone CR or LF in a CRLF file, a CR in an LF file…); otherwise
    // every row is one line.
    const quoted = text.indexOf('"') !== -1;
    const spansLines = quoted || (this.newline === "\n" ? text.indexOf("\r") !== -1 : this.newline === "\r" ? text.indexOf("\n") !== -1 : hasLoneBreak(text));
    const rows = result.data;
    // Papa reports a malformed quote against the row it was building; in a chunk that is not the
    // last, a row past the returned ones is the cut record, read again with the next chunk.
    const errorAt = new Map<number, string>();
    for (const e of result.errors) if (e.row !== undefined && !errorAt.has(e.row) && (last || e.row < rows.length)) errorAt.set(e.row, quoteProblem(e));
    const out: CsvRecord[] = [];
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      const line = this.nextLine;
      if (spansLines) {
        let spanned = 0;
        for (const f of row) spanned += newlinesIn(f);
        // In an LF file, a CR ending the record is half of a CRLF line ending, not a line of its own.
        if (this.newline === "\n" && row[row.length - 1].endsWith("\r")) spanned--;
        this.nextLine += 1 + spanned;
      } else this.nextLine++;
      const problem = errorAt.get(r);
      if (problem) throw new CsvFormatError(line, problem);
      if (row.length === 1 && row[0].trim() === "") continue;
      if (this.header === null) {
        this.header = this.readHeader(row, line);
        continue;
      }
      if (row.length !== this.header.length) {
        throw new CsvFormatError(line, `${row.length} field${row.length === 1 ? "" : "s"} where the header has ${this.header.length}${quoted ? " (is a quote unclosed or a field with a comma unquoted?)" : ""}`);
      }
      const fields: Fields = {};
      for (let c = 0; c < row.length; c++) fields[this.header[c]] = row[c];
      out.push({ line, fields });
    }
    if (last) {
      const unreported = [...errorAt.keys()].find((r) => r >= rows.length);
      if (unreported !== undefined) throw new CsvFormatError(this.nextLine, errorAt.get(unreported)!);
    }
    return out;
  }

  private readHeader(row: string[], line: number): string[] {
    const names = row.map((h) => h.trim().toLowerCase());
    const seen = new Set<string>();
    for (const name of names) {
      if (name !== "" && seen.has(name)) throw new CsvFormatError(line, `the header names the column "${name}" twice`);
      seen.add(name);
    }
    return names;
  }
}

const quoteProblem = (e: Papa.ParseError): string =>
  e.code === "MissingQuotes" ? "a quoted field is not closed before the end of the file" : `a quoted field has text after its closing quote (write a quote inside a quoted field as "")`;

/** Every record of a whole CSV text (a file already in memory, such as an upload). */
export function csvRecords(text: string): CsvRecord[] {
  const reader = new CsvRecordReader();
  return [...reader.push(text), ...reader.end()];
}
