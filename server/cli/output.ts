// Where a command writes: --out FILE, or standard output.
import { createWriteStream } from "node:fs";
import type { Writable } from "node:stream";
import { stringFlag, type ParsedArgs } from "./args";

export function output(args: ParsedArgs): { stream: NodeJS.WritableStream & Writable; file: string | null } {
  const file = stringFlag(args, "out") ?? null;
  return { stream: file ? createWriteStream(file) : process.stdout, file };
}

/** Writes the whole text, and closes the file when there is one. */
export async function writeOutput(args: ParsedArgs, text: string): Promise<string | null> {
  const { stream, file } = output(args);
  await new Promise<void>((resolve, reject) => stream.write(text, (e) => (e ? reject(e) : resolve())));
  if (file) await new Promise<void>((resolve) => stream.end(resolve));
  return file;
}

export const secondsSince = (t: number) => ((Date.now() - t) / 1000).toFixed(1);
