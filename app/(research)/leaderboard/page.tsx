import { getTranslations } from "next-intl/server";
import { TRPCError } from "@trpc/server";
import { PageHeader } from "@/app/_components/page-header";
import { serverApi } from "@/server/web/page-session";
import { LeaderboardView } from "./_components/leaderboard-view";

export async function generateMetadata() {
  return { title: (await getTranslations("research.leaderboardPage"))("pageTitle") };
}

type Search = Promise<Record<string, string | string[] | undefined>>;
const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export default async function LeaderboardPage({ searchParams }: { searchParams: Search }) {
  const t = await getTranslations("research.leaderboardPage");
  const q = await searchParams;
  const api = await serverApi("research");
  const { studies, defaultScope } = await api.leaderboard.studies();
  const chosen = list(q.study);
  const scope = chosen.length ? chosen : defaultScope;
  // One dimension at a time (the page shows one): the one asked for, else "overall" where the studies have it.
  const dimensions = [...new Set(studies.filter((s) => scope.includes(s.name)).flatMap((s) => s.dimensions))];
  const dimension = typeof q.dimension === "string" ? q.dimension : dimensions.includes("overall") ? "overall" : dimensions[0];
  const header = <PageHeader title={t("leaderboard")} subtitle={t("modelsRankedByABradley")} />;
  let board = null;
  let problem: string | null = null;
  try {
    if (studies.length && scope.length) board = await api.leaderboard.ratings({ studies: scope, dimension });
  } catch (e) {
    if (!(e instanceof TRPCError) || !["NOT_FOUND", "BAD_REQUEST"].includes(e.code)) throw e;
    problem = e.message;
  }
  return (
    <>
      {header}
      <LeaderboardView studies={studies} chosen={scope} dimension={dimension ?? null} dimensions={dimensions}
        slice={typeof q.slice === "string" ? q.slice : t("all")} board={board} problem={problem} />
    </>
  );
}
