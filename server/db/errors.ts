// Recognises constraint violations across both engines' driver adapters.
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

/** A unique-key violation as the engines' own drivers report it (hot paths that bypass Prisma). */
export function isDuplicateKey(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: string }).code : undefined;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || isUniqueViolation(error);
}
