// How Prisma stores a DateTime in SQLite: text, ISO 8601 with an explicit offset. SQL written here
// that writes or compares such a column must use the same text, or its comparisons go wrong at
// the edges ("…123Z" sorts after "…123+00:00").
export const sqliteDateTime = (d: Date): string => d.toISOString().replace("Z", "+00:00");
