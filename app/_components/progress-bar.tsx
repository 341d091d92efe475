"use client";
import { useTranslations } from "next-intl";

export function ProgressBar({ done, total, label }: { done: number; total: number; label: string }) {
  const t = useTranslations("common");
  const share = total > 0 ? Math.min(1, done / total) : 0;
  return (
    <div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={total} aria-valuenow={done}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200">
        <div className="h-full rounded-full bg-indigo-500" style={{ width: `${share * 100}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600">{t("progress", { done, total, percent: share })}</p>
    </div>
  );
}
