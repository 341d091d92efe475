// A small argument parser for the `verdict` command: positionals and --flag value pairs.
export interface ParsedArgs {
  positionals: string[];
  /** the last value of each flag */
  flags: Record<string, string | true>;
  /** every value of each flag, for flags that may repeat (--study A --study B) */
  repeated: Record<string, (string | true)[]>;
}

export class UsageError extends Error {}

export function parseArgs(argv: string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags: Record<string, string | true> = {};
  const repeated: Record<string, (string | true)[]> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith("--")) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
      if (!name) throw new UsageError(`Malformed option "${arg}"`);
      if (inline !== undefined) flags[name] = inline;
      else if (i + 1 < argv.length && !argv[i + 1].startsWith("--")) flags[name] = argv[++i];
      else flags[name] = true;
      (repeated[name] ??= []).push(flags[name]);
    } else positionals.push(arg);
  }
  return { positionals, flags, repeated };
}

export function stringFlag(args: ParsedArgs, name: string, required: true): string;
export function stringFlag(args: ParsedArgs, name: string, required?: false): string | undefined;
export function stringFlag(args: ParsedArgs, name: string, required = false): string | undefined {
  const v = args.flags[name];
  if (v === true) throw new UsageError(`--${name} needs a value`);
  if (v === undefined && required) throw new UsageError(`--${name} is required`);
  return v;
}

/** Every value of a flag that may be given more than once. */
export function listFlag(args: ParsedArgs, name: string): string[] {
  const values = args.repeated[name] ?? [];
  if (values.some((v) => v === true)) throw new UsageError(`--${name} needs a value`);
  return values as string[];
}

export function intFlag(args: ParsedArgs, name: string, fallback: number): number {
  const v = stringFlag(args, name);
  if (v === undefined) return fallback;
  if (!/^\d+$/.test(v)) throw new UsageError(`--${name} must be a whole number, got "${v}"`);
  return Number(v);
}

/** --format of the commands that write tables: csv (the default) or json. */
export function formatFlag(args: ParsedArgs): "csv" | "json" {
  const format = stringFlag(args, "format") ?? "csv";
  if (format !== "csv" && format !== "json") throw new UsageError(`--format must be csv or json, got "${format}"`);
  return format;
}

/** A decimal number flag, or undefined when absent. */
export function numberFlag(args: ParsedArgs, name: string): number | undefined {
  const v = stringFlag(args, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (v.trim() === "" || !Number.isFinite(n)) throw new UsageError(`--${name} must be a number, got "${v}"`);
  return n;
}

export function assertKnownFlags(args: ParsedArgs, known: string[]): void {
  const unknown = Object.keys(args.flags).filter((f) => !known.includes(f));
  if (unknown.length) throw new UsageError(`Unknown option${unknown.length > 1 ? "s" : ""}: ${unknown.map((f) => `--${f}`).join(", ")}`);
}
