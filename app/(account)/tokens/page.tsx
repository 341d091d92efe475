import { getTranslations } from "next-intl/server";
import { ApiTokenTable } from "@/app/_components/api-token-table";
import { PageHeader } from "@/app/_components/page-header";
import { requireArea, serverApi } from "@/server/web/page-session";
import { scopesForRole } from "@/server/tokens/schema";
import { CreateTokenForm } from "./_components/create-token-form";

export async function generateMetadata() {
  return { title: (await getTranslations("tokens"))("pageTitle") };
}

export default async function TokensPage() {
  const user = await requireArea("account");
  const api = await serverApi("account");
  const tokens = await api.tokens.mine();
  const t = await getTranslations("tokens");
  return (
    <>
      <PageHeader title={t("pageTitle")} subtitle={<>{t("subtitle")} <a className="text-indigo-700 underline" href="/api-reference">{t("reference")}</a></>} />
      <div className="grid gap-6 xl:grid-cols-[1fr_24rem]">
        <ApiTokenTable tokens={tokens} />
        <CreateTokenForm scopes={scopesForRole(user.role)} />
      </div>
    </>
  );
}
