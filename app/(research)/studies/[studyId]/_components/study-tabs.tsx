"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

export function StudyTabs({ studyId }: { studyId: string }) {
  const pathname = usePathname();
  const tabs = [{ href: `/studies/${studyId}`, label: "Overview" }, { href: `/studies/${studyId}/dashboard`, label: "Dashboard" },
    { href: `/studies/${studyId}/quality`, label: "Quality control" }];
  return (
    <nav aria-label="Study" className="mb-6 flex gap-1 border-b border-slate-200 text-sm">
      {tabs.map((t) => {
        const active = pathname === t.href;
        return (
          <Link key={t.href} href={t.href} aria-current={active ? "page" : undefined}
            className={`-mb-px border-b-2 px-4 py-2 ${active ? "border-indigo-600 font-medium text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}>{t.label}</Link>
        );
      })}
    </nav>
  );
}
