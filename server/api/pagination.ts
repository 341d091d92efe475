// Lists over the API come a page at a time: ?limit (1–200, default 50) and ?offset; the answer
// says the total and the offset of the next page (null on the last).
import { z } from "zod";

export const ZPage = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), offset: z.coerce.number().int().min(0).default(0) });

export const pageFields = { total: z.number(), next: z.number().nullable() };

export function page<T>(all: T[], q: z.infer<typeof ZPage>) {
  return { items: all.slice(q.offset, q.offset + q.limit), total: all.length, next: q.offset + q.limit < all.length ? q.offset + q.limit : null };
}
