"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";

export function StudyTabs({ studyId }: { studyId: string }) {
  const pathname = usePathname();
  const t = useTranslations("research.studyTabs");
  const tabs = [{ href: `/studies/${studyId}`, label: t("overview") }, { href: `/studies/${studyId}/dashboard`, label: t("dashboard") },
    { href: `/studies/${studyId}/quality`, label: t("quality") }, { href: `/studies/${studyId}/translations`, label: t("translations") }];
  return (
    <nav aria-label={t("label")} className="mb-6 flex gap-1 border-b border-slate-200 text-sm">
      {tabs.map((tab) => {
        const active = pathname === tab.href;
        return (
          <Link key={tab.href} href={tab.href} aria-current={active ? "page" : undefined}
            className={`-mb-px border-b-2 px-4 py-2 ${active ? "border-indigo-600 font-medium text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}>{tab.label}</Link>
        );
      })}
    </nav>
  );
}
