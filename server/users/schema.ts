import { z } from "zod";
import { ROLES } from "../auth/domain/roles";
import { ZLocaleCode } from "../locales/schema";

export const ZRole = z.enum(ROLES);
export const ZPassword = z.string().min(10, "Password must have at least 10 characters").max(256);

export const ZCreateUser = z.object({
  email: z.string().trim().toLowerCase().email("Enter a valid email address"),
  displayName: z.string().trim().min(1, "Display name is required").max(80),
  role: ZRole,
  password: ZPassword,
  locales: z.array(ZLocaleCode).max(50).default([]),
});
export type TCreateUser = z.infer<typeof ZCreateUser>;

export const ZUpdateUser = z.object({
  id: z.string().min(1),
  displayName: z.string().trim().min(1).max(80).optional(),
  role: ZRole.optional(),
  active: z.boolean().optional(),
  locales: z.array(ZLocaleCode).max(50).optional(),
  password: ZPassword.optional(),
});
export type TUpdateUser = z.infer<typeof ZUpdateUser>;
