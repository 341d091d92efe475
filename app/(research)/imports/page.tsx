import { PageHeader } from "@/app/_components/page-header";
import { requireArea } from "@/server/web/page-session";
import { ImportForm } from "./_components/import-form";

export const metadata = { title: "Imports" };

export default async function ImportsPage() {
  await requireArea("research");
  return (
    <>
      <PageHeader title="Imports" subtitle="Bring in study material or judgments from other tools. A file with any problem stores nothing." />
      <div className="grid gap-6 lg:grid-cols-2">
        <ImportForm kind="material" title="Study material"
          help="CSV or JSON Lines with prompt_id, prompt, locale, category, modality, images, model, response (optionally audio, response_images, response_audio, messages) — one row per prompt and model. With image or audio files, upload one .zip holding the material file and the files it names by their path inside the zip (or use data: URIs)." />
        <ImportForm kind="judgments" title="Judgments from other tools"
          help="CSV or JSON Lines with study, type, prompt_id, locale, category, modality, grader, dimension, model_a, model_b, preference, model, score — one row per judgment per dimension." />
      </div>
    </>
  );
}
