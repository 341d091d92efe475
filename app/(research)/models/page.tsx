import { PageHeader } from "@/app/_components/page-header";
import { serverApi } from "@/server/web/page-session";
import { ModelsEditor } from "./_components/models-editor";

export const metadata = { title: "Models" };

export default async function ModelsPage() {
  const models = await (await serverApi("research")).models.list();
  return (
    <>
      <PageHeader title="Models" subtitle="The systems under evaluation. Graders never see these names." />
      <ModelsEditor models={models} />
    </>
  );
}
