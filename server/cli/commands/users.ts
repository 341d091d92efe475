// verdict users add
import { randomBytes } from "node:crypto";
import { db } from "../../db";
import { createUser } from "../../users/service";
import { ZCreateUser } from "../../users/schema";
import { assertKnownFlags, stringFlag, type ParsedArgs } from "../args";
import { ensureDatabase } from "../database";

export async function usersAdd(args: ParsedArgs) {
  assertKnownFlags(args, ["email", "role", "name", "locales", "password"]);
  const email = stringFlag(args, "email", true);
  const generated = stringFlag(args, "password") === undefined;
  const password = stringFlag(args, "password") ?? randomBytes(12).toString("base64url");
  const input = ZCreateUser.parse({
    email, role: stringFlag(args, "role", true).toUpperCase(), password,
    displayName: stringFlag(args, "name") ?? email.split("@")[0],
    locales: (stringFlag(args, "locales") ?? "").split(",").map((l) => l.trim()).filter(Boolean),
  });
  await ensureDatabase({ quiet: true });
  const user = await createUser(db(), null, input);
  console.log(`Created ${user.role.toLowerCase()} ${user.email}${generated ? ` with password ${password}` : ""}`);
}
