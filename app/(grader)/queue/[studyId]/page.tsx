import { getTranslations } from "next-intl/server";
import { requireArea } from "@/server/web/page-session";
import { GradingWorkspace } from "./_components/grading-workspace";

export async function generateMetadata() {
  return { title: (await getTranslations("task"))("pageTitle") };
}

export default async function GradingPage({ params }: { params: Promise<{ studyId: string }> }) {
  await requireArea("grading");
  const { studyId } = await params;
  return <GradingWorkspace studyId={studyId} />;
}
