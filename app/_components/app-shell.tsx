import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { navFor, type Role } from "@/server/auth/schema";
import { LogoutButton } from "./logout-button";
import { NavLinks } from "./nav-links";

export async function AppShell({ user, children }: { user: { displayName: string; email: string; role: Role }; children: ReactNode }) {
  const t = await getTranslations("common");
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-screen-2xl items-center gap-6 px-4 py-3 sm:px-6">
          <Link href="/" className="text-lg font-semibold tracking-tight text-indigo-700">Verdict</Link>
          <NavLinks links={navFor(user.role)} />
          <div className="ms-auto flex items-center gap-3 text-sm">
            <span className="hidden text-slate-600 sm:inline">
              {/* bdi: a name keeps its own direction inside a right-to-left page; data-user-text marks it as the user's words, not the interface's */}
              <bdi title={user.email} data-user-text="">{user.displayName}</bdi> · <span className="font-medium">{t(`roles.${user.role}`)}</span>
            </span>
            <LogoutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-screen-2xl px-4 py-6 sm:px-6">{children}</main>
    </div>
  );
}
