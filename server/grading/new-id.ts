// Ids for rows the hot path writes without Prisma: time-ordered like Prisma's cuid() ("c", then
// milliseconds in base 36) and collision-resistant (96 random bits).
import { randomBytes } from "node:crypto";

export const newId = () => `c${Date.now().toString(36)}${randomBytes(12).toString("hex")}`;
