// Image types are decided by content (magic bytes), never by file name or declared type.
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export function sniffImageType(bytes: Uint8Array): "image/png" | "image/jpeg" | "image/gif" | "image/webp" | null {
  const starts = (sig: number[], offset = 0) => sig.every((b, i) => bytes[offset + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x47, 0x49, 0x46, 0x38])) return "image/gif";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

/** The images field: "a.png|b.png" in CSV, or an array in JSON Lines. */
/** Image references: "a.png|b.png" in CSV, a list of strings in JSON Lines; null when the value is neither. */
export function splitImages(value: unknown): string[] | null {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.every((v) => typeof v === "string") ? value.map((v) => v.trim()).filter(Boolean) : null;
  if (typeof value !== "string") return null;
  return value.split("|").map((s) => s.trim()).filter(Boolean);
}
