import { getTranslations } from "next-intl/server";
import { TRPCError } from "@trpc/server";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { PageHeader } from "@/app/_components/page-header";
import { StatusBadge } from "@/app/_components/status-badge";
import { serverApi } from "@/server/web/page-session";
import { StatusControls } from "./_components/status-controls";
import { StudyTabs } from "./_components/study-tabs";

const LINK = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100";

export default async function StudyLayout({ params, children }: { params: Promise<{ studyId: string }>; children: ReactNode }) {
  const t = await getTranslations("research.studyIdLayout");
  const { studyId } = await params;
  const api = await serverApi("research");
  const study = await api.studies.header({ studyId }).catch((e) => {
    if (e instanceof TRPCError && e.code === "NOT_FOUND") notFound();
    throw e;
  });
  return (
    <>
      <PageHeader
        title={study.name}
        subtitle={<>{study.type === "SIDE_BY_SIDE" ? t("sideBySide") : t("singleSided")} {" "}{t("kJudgmentsPerItemLeases", { redundancy: study.redundancy, leaseMinutes: study.leaseMinutes })}{study.type === "SIDE_BY_SIDE" && <> · <span data-testid="verdict-rule">{study.verdictRule === "majority" ? t("verdictsByMajorityVote") : t("verdictsByMeanPreference")}</span></>} · <StatusBadge status={study.status} />
          <span className="block text-xs text-slate-500" data-testid="grader-title">{t("gradersSeeItAs", { graderTitle: study.graderTitle })}</span></>}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <a href={`/api/studies/${study.id}/report`} className={LINK} download>{t("reportCsv")}</a>
            <a href={`/api/studies/${study.id}/report?bom=1`} className={LINK} download title={t("withAByteOrderMark")}>{t("reportCsvExcel")}</a>
            <a href={`/api/studies/${study.id}/judgments`} className={LINK} download>{t("rawJudgmentsCsv")}</a>
            <a href={`/api/studies/${study.id}/judgments?bom=1`} className={LINK} download title={t("withAByteOrderMark")}>{t("rawJudgmentsCsvExcel")}</a>
            <StatusControls studyId={study.id} status={study.status} />
          </div>
        }
      />
      <StudyTabs studyId={study.id} />
      {children}
    </>
  );
}
