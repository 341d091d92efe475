// Reading typed values out of a row's text fields, each problem naming its field.
import { MODALITY_LABELS, parseModality, type Modality } from "../../studies/domain/modality";
import type { ImportProblem } from "./import-error";

export type Fields = Record<string, unknown>;

export class RowReader {
  readonly problems: ImportProblem[] = [];
  /** Fields already reported as not text (made when the first is: one reader per row, a million rows). */
  private wrongTypes: Set<string> | null = null;
  constructor(readonly fields: Fields, readonly line: number) {}

  private wrongType(name: string): boolean {
    return this.wrongTypes !== null && this.wrongTypes.has(name);
  }

  private raw(name: string): string {
    const v = this.fields[name];
    if (v === undefined || v === null) return "";
    if (typeof v === "string") return v.trim();
    if (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint") return String(v);
    // JSON Lines can hold objects and arrays where text belongs (and an object need not even
    // convert to a string): say so once, and read the field as empty.
    if (!this.wrongType(name)) {
      (this.wrongTypes ??= new Set()).add(name);
      this.problem(name, `must be text or a number, got ${Array.isArray(v) ? "a list" : `a ${typeof v === "object" ? "JSON object" : typeof v}`}`);
    }
    return "";
  }

  problem(field: string, message: string): void {
    this.problems.push({ line: this.line, field, message });
  }

  text(name: string, opts: { required?: boolean; max?: number } = {}): string {
    const v = this.raw(name);
    if (!v && opts.required && !this.wrongType(name)) this.problem(name, "is missing");
    if (opts.max && v.length > opts.max) this.problem(name, `is longer than ${opts.max} characters`);
    return v;
  }

  /** An integer in [min, max], or null when the field is empty. */
  integer(name: string, min: number, max: number): number | null {
    const v = this.raw(name);
    if (!v) return null;
    if (!/^[+-]?\d+$/.test(v)) {
      this.problem(name, `must be a whole number from ${min} to ${max}, got "${v.slice(0, 40)}"`);
      return null;
    }
    const n = Number(v);
    if (n < min || n > max) this.problem(name, `must be from ${min} to ${max}, got ${n}`);
    return n;
  }

  present(name: string): boolean {
    return this.raw(name) !== "";
  }

  /** A modality as reports label it (text, image, audio, text→image …; `->` for the arrow is fine). */
  modality(name: string): Modality | null {
    const v = this.raw(name);
    if (!v) {
      if (!this.wrongType(name)) this.problem(name, "is missing");
      return null;
    }
    const m = parseModality(v);
    if (!m) this.problem(name, `must be one of ${MODALITY_LABELS.join(", ")} (what the prompt carries, then → what the responses are), got "${v.slice(0, 40)}"`);
    return m;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], aliases: Record<string, T> = {}): T | null {
    const v = this.raw(name).toLowerCase();
    if (!v) {
      if (!this.wrongType(name)) this.problem(name, "is missing");
      return null;
    }
    const hit = (allowed as readonly string[]).includes(v) ? (v as T) : aliases[v];
    if (!hit) this.problem(name, `must be one of ${allowed.join(", ")}, got "${v.slice(0, 40)}"`);
    return hit ?? null;
  }
}

export const LOCALE_PATTERN = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|\d{3}))?$/;
