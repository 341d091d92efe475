import { PageHeader } from "@/app/_components/page-header";
import { EmptyState } from "@/app/_components/empty-state";
import { serverApi } from "@/server/web/page-session";
import { NewStudyWizard } from "./_components/new-study-wizard";

export const metadata = { title: "New study" };

export default async function NewStudyPage() {
  const api = await serverApi("research");
  const [models, sets, dimensions] = await Promise.all([api.models.list(), api.prompts.sets(), api.studies.dimensions()]);
  return (
    <>
      <PageHeader title="New study" subtitle="Choose what graders compare, on which prompts, and how often each item is judged." />
      {models.length === 0 || sets.length === 0 ? (
        <EmptyState title={models.length === 0 ? "No models yet" : "No prompt sets yet"}>
          A study needs models and a prompt set with their responses. <a className="text-indigo-700 underline" href="/imports">Import study material</a> first.
        </EmptyState>
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
