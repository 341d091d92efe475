// Streams the rows of a CSV or JSON Lines file, with their line numbers, without reading the
// whole file into memory. Reports progress as bytes read.
import { createReadStream, statSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { parse } from "csv-parse";
import type { Fields } from "./domain/fields";

export class ImportFileError extends Error {}

export interface FileRow {
  line: number;
  fields: Fields;
}

export function fileFormat(file: string): "csv" | "jsonl" {
  const ext = path.extname(file).toLowerCase();
  if (ext === ".csv") return "csv";
  if (ext === ".jsonl" || ext === ".ndjson") return "jsonl";
  throw new ImportFileError(`${file}: unsupported file type "${ext || "(none)"}"; use .csv or .jsonl`);
}

export const MAX_IMPORT_BYTES = 2 * 1024 ** 3;

export async function* readRows(file: string, onProgress?: (bytesRead: number, totalBytes: number) => void): AsyncGenerator<FileRow> {
  const format = fileFormat(file);
  let total: number;
  try {
    total = statSync(file).size;
  } catch {
    throw new ImportFileError(`${file}: cannot be read (does it exist?)`);
  }
  if (total > MAX_IMPORT_BYTES) throw new ImportFileError(`${file}: ${total} bytes is more than the ${MAX_IMPORT_BYTES}-byte limit`);
  const stream = createReadStream(file);
  let read = 0;
  let lastReport = 0;
  stream.on("data", (chunk) => {
    read += chunk.length;
    if (onProgress && (read - lastReport > 1 << 20 || read === total)) {
      lastReport = read;
      onProgress(read, total);
    }
  });
  if (format === "csv") {
    const parser = stream.pipe(parse({ columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), bom: true, info: true, skip_empty_lines: true, relax_column_count: false }));
    try {
      for await (const { record, info } of parser as AsyncIterable<{ record: Fields; info: { lines: number } }>) {
        yield { line: info.lines, fields: record };
      }
    } catch (error) {
      const e = error as { message: string; lines?: number };
      throw new ImportFileError(`${file}: line ${e.lines ?? "?"}: malformed CSV (${e.message})`);
    }
  } else {
    const lines = createInterface({ input: stream, crlfDelay: Infinity });
    let line = 0;
    for await (const text of lines) {
      line++;
      if (!text.trim()) continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new ImportFileError(`${file}: line ${line}: not valid JSON`);
      }
      if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ImportFileError(`${file}: line ${line}: each line must be a JSON object`);
      yield { line, fields: Object.fromEntries(Object.entries(value).map(([k, v]) => [k.toLowerCase(), v])) };
    }
  }
  onProgress?.(total, total);
}
