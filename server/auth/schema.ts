import { z } from "zod";

export const ZLoginInput = z.object({
  email: z.string().trim().toLowerCase().email("Enter a valid email address"),
  password: z.string().min(1, "Enter your password").max(512),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;
