"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import type { NavLink } from "@/server/auth/schema";

export function NavLinks({ links }: { links: NavLink[] }) {
  const pathname = usePathname();
  const t = useTranslations("common");
  return (
    <nav aria-label={t("mainNav")} className="flex gap-1 text-sm">
      {links.map((l) => {
        const active = pathname === l.href || pathname.startsWith(`${l.href}/`);
        return (
          <Link key={l.href} href={l.href} aria-current={active ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 ${active ? "bg-indigo-50 font-medium text-indigo-700" : "text-slate-600 hover:bg-slate-100"}`}>
            {t(`nav.${l.key}`)}
          </Link>
        );
      })}
    </nav>
  );
}
