import { getTranslations } from "next-intl/server";
import { Markdown } from "@/app/_components/markdown";
import { ProgressBar } from "@/app/_components/progress-bar";
import { serverApi } from "@/server/web/page-session";
import { GraderActivity } from "./_components/grader-activity";
import { LiveLeases } from "./_components/live-leases";
import { WebhooksPanel } from "./_components/webhooks-panel";

export async function generateMetadata() {
  return { title: (await getTranslations("research.studyIdPage"))("pageTitle") };
}

export default async function StudyOverviewPage({ params }: { params: Promise<{ studyId: string }> }) {
  const t = await getTranslations("research.studyIdPage");
  const role = await getTranslations("research.modelRoles");
  const { studyId } = await params;
  const api = await serverApi("research");
  const [study, leases, byDimension] = await Promise.all([api.studies.get({ studyId }), api.grading.liveLeases({ studyId }), api.dashboards.progress({ studyId })]);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <section className="rounded-lg border border-slate-200 bg-white p-4" aria-label={t("progress")}>
          <h2 className="mb-3 font-semibold">{t("progress")}</h2>
          <ProgressBar done={study.submitted} total={study.wanted} label={t("overallProgress")} />
          {study.status === "DRAFT" && <p className="mt-3 rounded bg-slate-50 p-2 text-sm text-slate-700">{t("thisStudyIsADraft")}</p>}
          <div className="mt-4 grid gap-6 md:grid-cols-2">
            <table className="w-full text-left text-sm">
              <caption className="mb-1 text-left text-xs font-semibold uppercase text-slate-500">{t("byLocale")}</caption>
              <thead className="text-xs text-slate-500"><tr><th className="py-1 font-medium">{t("locale")}</th><th className="py-1 text-right font-medium">{t("items")}</th><th className="w-1/2 py-1 pl-4 font-medium">{t("judged")}</th></tr></thead>
              <tbody>
                {study.byLocale.map((l) => (
                  <tr key={l.localeCode} className="border-t border-slate-100">
                    <td className="py-2 font-mono">{l.localeCode}</td><td className="py-2 text-right tabular-nums">{l.items}</td>
                    <td className="py-2 pl-4"><ProgressBar done={l.submitted} total={l.wanted} label={t("progressIn", { localeCode: l.localeCode })} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table className="w-full text-left text-sm">
              <caption className="mb-1 text-left text-xs font-semibold uppercase text-slate-500">{t("byDimension")}</caption>
              <thead className="text-xs text-slate-500"><tr><th className="py-1 font-medium">{t("dimension")}</th><th className="w-1/2 py-1 pl-4 font-medium">{t("judgments")}</th></tr></thead>
              <tbody>
                {byDimension.map((d) => (
                  <tr key={d.key} className="border-t border-slate-100">
                    <td className="py-2">{d.label}{d.cannotAssess > 0 && <div className="text-xs text-slate-500">{t("cannotAssess", { cannotAssess: d.cannotAssess })}</div>}</td>
                    <td className="py-2 pl-4"><ProgressBar done={d.judgments} total={d.wanted} label={t("progressOn", { label: d.label })} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <GraderActivity studyId={study.id} />
        <WebhooksPanel studyId={study.id} />
      </div>
      <div className="space-y-4">
        <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm" aria-label={t("setUp")}>
          <h2 className="mb-2 font-semibold">{t("setUp")}</h2>
          <dl className="space-y-1">
            {study.models.map((m) => (<div key={m.model.id} className="flex justify-between gap-2"><dt className="text-slate-500">{role(m.role)}</dt><dd>{m.model.name}</dd></div>))}
            <div className="flex justify-between gap-2"><dt className="text-slate-500">{t("promptSet")}</dt><dd>{study.promptSet?.name ?? "—"}</dd></div>
            <div className="flex justify-between gap-2"><dt className="text-slate-500">{t("locales")}</dt><dd className="text-right">{study.locales.map((l) => l.localeCode).join(", ")}</dd></div>
            <div className="flex justify-between gap-2"><dt className="text-slate-500">{t("dimensions")}</dt><dd className="text-right">{study.dimensions.map((d) => d.dimension.label).join(", ")}</dd></div>
            {study.requireFullListen && <div className="flex justify-between gap-2"><dt className="text-slate-500">{t("audio")}</dt><dd>{t("ratedAfterEachClipIs")}</dd></div>}
            <div className="flex justify-between gap-2"><dt className="text-slate-500">{t("scale")}</dt><dd>{study.dimensions[0] ? `${study.dimensions[0].scaleMin} … ${study.dimensions[0].scaleMax}` : "—"}</dd></div>
          </dl>
          {study.guidelines && (
            <details className="mt-3"><summary className="cursor-pointer text-indigo-700">{t("guidelines")}</summary>
              <div className="mt-2 text-slate-700"><Markdown text={study.guidelines} /></div></details>
          )}
        </section>
        <LiveLeases leases={leases} />
      </div>
    </div>
  );
}
