import { getTranslations } from "next-intl/server";
import { TRPCError } from "@trpc/server";
import { notFound } from "next/navigation";
import { serverApi } from "@/server/web/page-session";
import { MODALITIES, modalityLabel } from "@/server/studies/schema";
import { DashboardView } from "./_components/dashboard-view";
import { filterFromParams, unreadableModalities } from "./_lib/filter-params";
import { Notice } from "@/app/_components/notice";

export async function generateMetadata() {
  return { title: (await getTranslations("research.dashboardPage"))("pageTitle") };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function DashboardPage({ params, searchParams }: { params: Promise<{ studyId: string }>; searchParams: Search }) {
  const t = await getTranslations("research.dashboardPage");
  const { studyId } = await params;
  const search = await searchParams;
  const filter = filterFromParams(search);
  const badFilter = (message: string) => (
    <Notice kind="alert">{t.rich("theFiltersInThisAddress", { message, a: (chunks) => <a className="underline" href={`/studies/${studyId}/dashboard`}>{chunks}</a> })}</Notice>);
  const unreadable = unreadableModalities(search);
  const api = await serverApi("research");
  try {
    if (unreadable.length) {
      await api.dashboards.study({ studyId }); // a study that does not exist is still "not found"
      return badFilter(t("notModalities", { values: unreadable.map((v) => `“${v}”`).join(", "), count: unreadable.length,
        modalities: MODALITIES.map(modalityLabel).join(", ") }));
    }
    // The headline is computed here, with the page, so the first chart draws without another round trip.
    const [study, headline] = await Promise.all([api.dashboards.study({ studyId }), api.dashboards.headline({ studyId, filter })]);
    return <DashboardView study={study} filter={filter} headline={headline} />;
  } catch (e) {
    if (e instanceof TRPCError && e.code === "NOT_FOUND") notFound();
    if (e instanceof TRPCError && e.code === "BAD_REQUEST") return badFilter(e.message);
    throw e;
  }
}
