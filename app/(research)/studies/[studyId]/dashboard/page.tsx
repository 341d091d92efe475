import { getTranslations } from "next-intl/server";
import { TRPCError } from "@trpc/server";
import { notFound } from "next/navigation";
import { serverApi } from "@/server/web/page-session";
import { DashboardView } from "./_components/dashboard-view";
import { filterFromParams } from "./_lib/filter-params";

export async function generateMetadata() {
  return { title: (await getTranslations("research.dashboardPage"))("pageTitle") };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function DashboardPage({ params, searchParams }: { params: Promise<{ studyId: string }>; searchParams: Search }) {
  const t = await getTranslations("research.dashboardPage");
  const { studyId } = await params;
  const filter = filterFromParams(await searchParams);
  const api = await serverApi("research");
  try {
    // The headline is computed here, with the page, so the first chart draws without another round trip.
    const [study, headline] = await Promise.all([api.dashboards.study({ studyId }), api.dashboards.headline({ studyId, filter })]);
    return <DashboardView study={study} filter={filter} headline={headline} />;
  } catch (e) {
    if (e instanceof TRPCError && e.code === "NOT_FOUND") notFound();
    if (e instanceof TRPCError && e.code === "BAD_REQUEST") {
      return <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {t.rich("theFiltersInThisAddress", { message: e.message, a: (chunks) => <a className="underline" href={`/studies/${studyId}/dashboard`}>{chunks}</a> })}</div>;
    }
    throw e;
  }
}
