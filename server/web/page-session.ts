// Session and role checks for server-rendered pages; the same rules as the tRPC procedures.
import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { SESSION_COOKIE } from "../auth/cookie";
import { canEnter, type Area } from "../auth/domain/roles";
import { resolveSession, type SessionUser } from "../auth/service";
import { db } from "../db";
import { createCaller } from "../root";

export async function pageSession() {
  const token = (await cookies()).get(SESSION_COOKIE)?.value ?? null;
  return resolveSession(db(), token, new Date());
}

/** Sends visitors without a valid session to the login page (saying why) and the wrong role to /forbidden. */
export async function requireArea(area: Area): Promise<SessionUser> {
  const session = await pageSession();
  if (session.status !== "ok") redirect(`/login${session.status === "none" ? "" : `?reason=${session.status}`}`);
  if (!canEnter(session.user.role, area)) redirect(`/forbidden?area=${area}`);
  return session.user;
}

/**
 * A tRPC caller for a page of the given area: the same procedures and role checks as over HTTP.
 * Pages render alongside their layout, so each checks its area itself rather than relying on it.
 */
export async function serverApi(area: Area) {
  await requireArea(area);
  const token = (await cookies()).get(SESSION_COOKIE)?.value ?? null;
  const h = await headers();
  return createCaller({
    db: db(), session: await resolveSession(db(), token, new Date()), sessionToken: token, resHeaders: null,
    secureCookies: false, userAgent: h.get("user-agent"), now: () => new Date(), clientAddress: "server", deviceToken: null,
  });
}
