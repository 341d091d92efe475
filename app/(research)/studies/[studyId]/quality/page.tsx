import { getTranslations } from "next-intl/server";
import { serverApi } from "@/server/web/page-session";
import { ControlItemsPanel } from "./_components/control-items-panel";
import { ExclusionsPanel } from "./_components/exclusions-panel";
import { QualitySettingsForm } from "./_components/quality-settings-form";

export async function generateMetadata() {
  return { title: (await getTranslations("research.qualityPage"))("pageTitle") };
}

export default async function QualityControlPage({ params, searchParams }: { params: Promise<{ studyId: string }>; searchParams: Promise<{ grader?: string }> }) {
  const t = await getTranslations("research.qualityPage");
  const { studyId } = await params;
  const { grader } = await searchParams;
  const api = await serverApi("research");
  const [control, exclusions] = await Promise.all([api.quality.control({ studyId }), api.quality.exclusions({ studyId })]);
  const count = (kind: string) => control.items.filter((i) => i.kind === kind).length;
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-label={t("qualitySettings")} className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="mb-1 font-semibold">{t("settings")}</h2>
          <p className="mb-3 text-xs text-slate-600">
            {t("goldAttentionCheckAndQualification", { value: count("GOLD"), value2: count("ATTENTION"), value3: count("QUALIFICATION") })}</p>
          <QualitySettingsForm studyId={studyId} settings={control.settings} qualificationItems={count("QUALIFICATION")} />
        </section>
        <div className="lg:col-span-2">
          <ExclusionsPanel studyId={studyId} data={exclusions} preselect={grader ?? null} />
        </div>
      </div>
      <ControlItemsPanel studyId={studyId} type={control.study.type} dimensions={control.dimensions} items={control.items} />
    </div>
  );
}
