import { z } from "zod";

export const ZLoginInput = z.object({
  email: z.string().trim().toLowerCase().email("Enter a valid email address"),
  password: z.string().min(1, "Enter your password").max(512),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;

// The role table, for client code (which imports only schema files from server/).
export { AREA_ROLES, HOME_PATH, ROLES, canEnter, navFor, type Role, type Area, type NavLink } from "./domain/roles";
