import type { Db } from "../db/client";
import type { Role } from "../auth/domain/roles";

const listSelect = {
  id: true, email: true, displayName: true, role: true, active: true, createdAt: true, lastLoginAt: true,
  passwordHash: true, locales: { select: { localeCode: true } },
} as const;

export async function listUsers(db: Db) {
  const users = await db.user.findMany({ orderBy: [{ role: "asc" }, { email: "asc" }], select: listSelect });
  return users.map(({ passwordHash, locales, ...u }) => ({
    ...u, canLogIn: passwordHash !== null, locales: locales.map((l) => l.localeCode),
  }));
}

export const findUser = (db: Db, id: string) =>
  db.user.findUnique({ where: { id }, select: { id: true, email: true, role: true, active: true } });

export const createUser = (
  db: Db, data: { email: string; displayName: string; role: Role; passwordHash: string | null; locales: string[] },
) =>
  db.user.create({
    data: { email: data.email, displayName: data.displayName, role: data.role, passwordHash: data.passwordHash,
      locales: { create: data.locales.map((localeCode, position) => ({ localeCode, position })) } },
    select: { id: true, email: true, role: true },
  });

export async function updateUser(
  db: Db, id: string,
  data: { displayName?: string; role?: Role; active?: boolean; passwordHash?: string; locales?: string[] },
) {
  const { locales, ...fields } = data;
  return db.$transaction(async (tx) => {
    await tx.user.update({ where: { id }, data: fields });
    if (locales) {
      await tx.userLocale.deleteMany({ where: { userId: id } });
      if (locales.length) await tx.userLocale.createMany({ data: locales.map((localeCode, position) => ({ userId: id, localeCode, position })) });
    }
    // A deactivated user, a changed role or a new password ends every open session at once.
    if (data.active === false || data.role || data.passwordHash) await tx.session.deleteMany({ where: { userId: id } });
    // Their live leases end with the right to grade them: all of them on deactivation, those of
    // removed locales otherwise. The items go back to the pool; a submission of such a task is refused.
    const ended = data.active === false ? {} : locales ? { item: { localeCode: { notIn: locales } } } : null;
    if (!ended) return { leasesReleased: 0 };
    const { count } = await tx.assignment.updateMany({ where: { graderId: id, status: "LEASED", ...ended }, data: { status: "RELEASED" } });
    return { leasesReleased: count };
  });
}
