import { requireArea } from "@/server/web/page-session";
import { GradingWorkspace } from "./_components/grading-workspace";

export const metadata = { title: "Grading" };

export default async function GradingPage({ params }: { params: Promise<{ studyId: string }> }) {
  await requireArea("grading");
  const { studyId } = await params;
  return <GradingWorkspace studyId={studyId} />;
}
