import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { csvRecords } from "./csv-records";
import { ImportFileError, readRowBatches, type FileRow } from "./read-rows";

const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-read-rows-"));

const readAll = async (file: string, onProgress?: (read: number, total: number) => void): Promise<FileRow[]> => {
  const rows: FileRow[] = [];
  for await (const batch of readRowBatches(file, onProgress)) rows.push(...batch);
  return rows;
};

describe("readRowBatches", () => {
  it("reads a file of several chunks as the whole text reads: characters and quoted lines cut between chunks are joined", async () => {
    // ~3 MB of four-byte and two-byte characters and quoted fields over several lines, so that the
    // 64 KB chunks end inside a character and inside a record.
    let text = "prompt_id,prompt,note\r\n";
    for (let i = 0; text.length < 3_000_000; i++) {
      text += i % 7 === 0 ? `p${i},"línea 1 😀\r\nlínea 2, ""citada""\r\nlínea 3",é${i}\r\n` : `p${i},texto ${"😀é".repeat(i % 13)},n${i}\r\n`;
    }
    const file = path.join(dir, "big.csv");
    writeFileSync(file, text);
    const progress: number[] = [];
    const rows = await readAll(file, (read) => progress.push(read));
    const expected = csvRecords(text);
    expect(rows.length).toBe(expected.length);
    expect(rows).toEqual(expected);
    expect(rows[7].fields.prompt).toBe('línea 1 😀\r\nlínea 2, "citada"\r\nlínea 3');
    expect(rows[8].line).toBe(rows[7].line + 3);
    expect(progress.at(-1)).toBe(Buffer.byteLength(text));
  });

  it("names the file and the line of a malformed record", async () => {
    const file = path.join(dir, "bad.csv");
    // the record that starts on line 3 closes its quote on line 5 and goes on after it
    writeFileSync(file, 'a,b\n1,2\n3,"4\n5,6\n"7,8\n');
    await expect(readAll(file)).rejects.toThrow(new ImportFileError(`${file}: line 3: malformed CSV: a quoted field has text after its closing quote (write a quote inside a quoted field as "")`));
    writeFileSync(file, "a,b\n1,2\n3\n");
    await expect(readAll(file)).rejects.toThrow(`${file}: line 3: malformed CSV: 1 field where the header has 2`);
  });

  it("reads JSON Lines in batches with their line numbers", async () => {
    const file = path.join(dir, "rows.jsonl");
    writeFileSync(file, `{"A":1}\n\n{"b":"x"}\n`);
    expect(await readAll(file)).toEqual([{ line: 1, fields: { a: 1 } }, { line: 3, fields: { b: "x" } }]);
  });
});
