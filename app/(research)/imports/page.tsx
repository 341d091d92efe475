import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/app/_components/page-header";
import { requireArea } from "@/server/web/page-session";
import { ImportForm } from "./_components/import-form";

export async function generateMetadata() {
  return { title: (await getTranslations("research.importsPage"))("pageTitle") };
}

export default async function ImportsPage() {
  const t = await getTranslations("research.importsPage");
  await requireArea("research");
  return (
    <>
      <PageHeader title={t("imports")} subtitle={t("bringInStudyMaterialOr")} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ImportForm kind="material" title={t("studyMaterial")}
          help={t("csvOrJsonLinesWith")} />
        <ImportForm kind="judgments" title={t("judgmentsFromOtherTools")}
          help={t("csvOrJsonLinesWith2")} />
      </div>
    </>
  );
}
