import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/app/_components/page-header";
import { serverApi } from "@/server/web/page-session";
import { ModelsEditor } from "./_components/models-editor";

export async function generateMetadata() {
  return { title: (await getTranslations("research.modelsPage"))("pageTitle") };
}

export default async function ModelsPage() {
  const t = await getTranslations("research.modelsPage");
  const models = await (await serverApi("research")).models.list();
  return (
    <>
      <PageHeader title={t("models")} subtitle={t("theSystemsUnderEvaluationGraders")} />
      <ModelsEditor models={models} />
    </>
  );
}
