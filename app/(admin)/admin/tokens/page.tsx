import { getTranslations } from "next-intl/server";
import { ApiTokenTable } from "@/app/_components/api-token-table";
import { PageHeader } from "@/app/_components/page-header";
import { serverApi } from "@/server/web/page-session";

export async function generateMetadata() {
  return { title: (await getTranslations("admin.tokensPage"))("pageTitle") };
}

export default async function AllTokensPage() {
  const t = await getTranslations("admin.tokensPage");
  const api = await serverApi("admin");
  const tokens = await api.tokens.all();
  const active = tokens.filter((t) => t.state === "active").length;
  return (
    <>
      <PageHeader title={t("allApiTokens")} subtitle={t("tokensActiveRevokingOneStops", { count: tokens.length, active })} />
      <ApiTokenTable tokens={tokens} showOwner />
    </>
  );
}
