import fc from "fast-check";
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { CsvFormatError, CsvRecordReader, csvRecords } from "./csv-records";

const errorOf = (text: string): CsvFormatError => {
  try {
    csvRecords(text);
  } catch (e) {
    if (e instanceof CsvFormatError) return e;
    throw e;
  }
  throw new Error("no error");
};

/** The same text fed in chunks cut at the given offsets. */
const inChunks = (text: string, cuts: number[]) => {
  const reader = new CsvRecordReader();
  const out = [];
  let from = 0;
  for (const at of [...new Set(cuts)].sort((a, b) => a - b)) {
    out.push(...reader.push(text.slice(from, at)));
    from = at;
  }
  out.push(...reader.push(text.slice(from)), ...reader.end());
  return out;
};

describe("csvRecords", () => {
  it("keys each record by the header's trimmed, lower-cased names, with its line", () => {
    expect(csvRecords(" Study ,PROMPT_ID\nS,q1\nS,q2\n")).toEqual([
      { line: 2, fields: { study: "S", prompt_id: "q1" } },
      { line: 3, fields: { study: "S", prompt_id: "q2" } },
    ]);
  });

  it("reads quoted commas, doubled quotes and line breaks inside quotes, and counts those lines", () => {
    const text = 'a,b\n"x, y","say ""hi"""\n"two\nlines",z\n"three\r\nmore\nlines",w\nlast,row';
    expect(csvRecords(text)).toEqual([
      { line: 2, fields: { a: "x, y", b: 'say "hi"' } },
      { line: 3, fields: { a: "two\nlines", b: "z" } },
      { line: 5, fields: { a: "three\r\nmore\nlines", b: "w" } },
      { line: 8, fields: { a: "last", b: "row" } },
    ]);
  });

  it("takes the BOM off and reads CRLF and CR line endings", () => {
    expect(csvRecords("\uFEFFa,b\r\n1,2\r\n3,4\r\n")).toEqual([{ line: 2, fields: { a: "1", b: "2" } }, { line: 3, fields: { a: "3", b: "4" } }]);
    expect(csvRecords("a,b\r1,2\r3,4")).toEqual([{ line: 2, fields: { a: "1", b: "2" } }, { line: 3, fields: { a: "3", b: "4" } }]);
    // a header ending in LF and records in CRLF: still a line each (the CR stays in the field,
    // where reading trims it)
    expect(csvRecords("a,b\n1,2\r\n3,4\r\n").map((r) => r.line)).toEqual([2, 3]);
  });

  it("skips blank lines but counts them", () => {
    expect(csvRecords("\na,b\n\n1,2\n   \n3,4\n\n")).toEqual([{ line: 4, fields: { a: "1", b: "2" } }, { line: 6, fields: { a: "3", b: "4" } }]);
  });

  it("refuses a record with a different number of fields, naming its line", () => {
    const e = errorOf("a,b,c\n1,2,3\n1,2\n");
    expect(e.line).toBe(3);
    expect(e.message).toBe("line 3: malformed CSV: 2 fields where the header has 3");
    expect(errorOf('a,b\n1,2\n"x\ny",2,3\n').message).toMatch(/^line 3: malformed CSV: 3 fields where the header has 2 \(is a quote unclosed/);
  });

  it("refuses an unclosed quote at the line where its record starts", () => {
    const e = errorOf('a,b\n1,2\n3,"open\nstill open\n');
    expect(e.line).toBe(3);
    expect(e.detail).toBe("a quoted field is not closed before the end of the file");
  });

  it("refuses text after a closing quote", () => {
    const e = errorOf('a,b\n1,2\n"x"y,2\n');
    expect(e.line).toBe(3);
    expect(e.detail).toMatch(/text after its closing quote/);
  });

  it("refuses a header that names a column twice", () => {
    expect(errorOf("a,B,b\n1,2,3\n").message).toBe('line 1: malformed CSV: the header names the column "b" twice');
  });

  it("gives nothing for an empty text or a header alone", () => {
    expect(csvRecords("")).toEqual([]);
    expect(csvRecords("a,b\n")).toEqual([]);
  });

  it("reads the same records however the text is cut into chunks, and they are what was written", () => {
    const cell = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('"', '""', ",", "\n", "\r\n", "é", "😀", " "), fc.stringMatching(/^[a-z0-9 ]{0,6}$/));
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 4 }).chain((width) => fc.tuple(fc.constant(width), fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 12 }))),
      fc.constantFrom("\n", "\r\n"),
      fc.array(fc.nat(), { maxLength: 8 }),
      ([width, rows], eol, cutSeeds) => {
        const header = Array.from({ length: width }, (_, i) => `c${i}`);
        // A record whose one field is blank is a blank line, which the reader skips.
        const kept = rows.filter((r) => !(width === 1 && r[0].trim() === ""));
        const text = stringify([header, ...kept], { record_delimiter: eol === "\n" ? "unix" : "windows" });
        const expected = kept.map((r) => Object.fromEntries(r.map((v, i) => [`c${i}`, v])));
        const whole = csvRecords(text);
        expect(whole.map((r) => r.fields)).toEqual(expected);
        // each record starts one line after the previous one ended
        let line = 2;
        whole.forEach((r, i) => {
          expect(r.line).toBe(line);
          line += 1 + kept[i].reduce((n, v) => n + (v.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
        });
        const cuts = cutSeeds.map((s) => s % (text.length + 1));
        expect(inChunks(text, cuts)).toEqual(whole);
      },
    ), { numRuns: 400 });
  });
});
