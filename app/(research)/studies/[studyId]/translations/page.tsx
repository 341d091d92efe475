import { getTranslations } from "next-intl/server";
import { serverApi } from "@/server/web/page-session";
import { TranslationsEditor } from "./_components/translations-editor";

export async function generateMetadata() {
  return { title: (await getTranslations("research.translations"))("pageTitle") };
}

export default async function StudyTranslationsPage({ params, searchParams }: { params: Promise<{ studyId: string }>; searchParams: Promise<{ language?: string }> }) {
  const { studyId } = await params;
  const { language } = await searchParams;
  const api = await serverApi("research");
  const data = await api.translations.forStudy({ studyId });
  return <TranslationsEditor initial={data} initialLanguage={language} />;
}
