import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/app/_components/page-header";
import { EmptyState } from "@/app/_components/empty-state";
import { serverApi } from "@/server/web/page-session";
import { NewStudyWizard } from "./_components/new-study-wizard";

export async function generateMetadata() {
  return { title: (await getTranslations("research.newPage"))("pageTitle") };
}

export default async function NewStudyPage() {
  const t = await getTranslations("research.newPage");
  const api = await serverApi("research");
  const [models, sets, dimensions] = await Promise.all([api.models.list(), api.prompts.sets(), api.studies.dimensions()]);
  return (
    <>
      <PageHeader title={t("newStudy")} subtitle={t("chooseWhatGradersCompareOn")} />
      {models.length === 0 || sets.length === 0 ? (
        <EmptyState title={models.length === 0 ? t("noModelsYet") : t("noPromptSetsYet")}>
          {t.rich("aStudyNeedsModelsAnd", { a: (chunks) => <a className="text-indigo-700 underline" href="/imports">{chunks}</a> })}</EmptyState>
      ) : (
        <NewStudyWizard
          models={models.map((m) => ({ id: m.id, name: m.name, family: m.family, generation: m.generation }))}
          promptSets={sets.map((s) => ({ id: s.id, name: s.name, prompts: s._count.prompts }))}
          dimensions={dimensions.map((d) => ({ key: d.key, label: d.label, description: d.description, builtIn: d.builtIn,
            appliesToText: d.appliesToText, appliesToImage: d.appliesToImage, appliesToAudio: d.appliesToAudio,
            forTextResponses: d.forTextResponses, forImageResponses: d.forImageResponses, forAudioResponses: d.forAudioResponses }))}
        />
      )}
    </>
  );
}
