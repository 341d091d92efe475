"use client";
// Who is working on the study: loaded after the page so the overview never waits for it.
import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/app/_lib/trpc";
import { useMomentFormat } from "@/app/_lib/use-moment-format";

export function GraderActivity({ studyId }: { studyId: string }) {
  const t = useTranslations("research.graderActivity");
  const moment = useMomentFormat();
  const trpc = useTRPC();
  const q = useQuery(trpc.dashboards.quality.queryOptions({ studyId, filter: {} }, { refetchInterval: 30_000 }));
  const graders = q.data?.graders ?? [];
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm" aria-label={t("graderActivity")}>
      <div className="mb-2 flex items-baseline justify-between">
        <h2 className="font-semibold">{t("graderActivity")}</h2>
        <Link href={`/studies/${studyId}/dashboard#quality`} className="text-xs text-indigo-700 hover:underline">{t("qualityDetails")}</Link>
      </div>
      {q.error ? <p role="alert" className="text-red-700">{q.error.message}</p> : !q.data ? <p className="text-slate-500" role="status">{t("loading")}</p>
        : graders.length === 0 ? <p className="text-slate-500">{t("noJudgmentsYetGradersSee")}</p> : (
          <table className="w-full text-left">
            <thead className="text-xs text-slate-500"><tr><th className="py-1 font-medium">{t("grader")}</th><th className="py-1 text-right font-medium">{t("tasks")}</th>
              <th className="py-1 text-right font-medium">{t("medianS")}</th><th className="py-1 text-right font-medium">{t("lastActive")}</th></tr></thead>
            <tbody>
              {graders.slice(0, 12).map((g) => (
                <tr key={g.graderId} className="border-t border-slate-100">
                  <td className="py-1.5">{g.name}</td><td className="py-1.5 text-right tabular-nums">{g.tasks.toLocaleString("en-US")}</td>
                  <td className="py-1.5 text-right tabular-nums">{g.medianSeconds === null ? "—" : g.medianSeconds.toFixed(0)}</td>
                  <td className="py-1.5 text-right text-xs text-slate-600">{g.lastSubmittedAt ? moment(g.lastSubmittedAt) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      {graders.length > 12 && <p className="mt-2 text-xs text-slate-500">{t("andMoreOnTheDashboard", { length: graders.length - 12 })}</p>}
    </section>
  );
}
