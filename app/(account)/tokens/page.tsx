import { ApiTokenTable } from "@/app/_components/api-token-table";
import { PageHeader } from "@/app/_components/page-header";
import { requireArea, serverApi } from "@/server/web/page-session";
import { scopesForRole } from "@/server/tokens/schema";
import { CreateTokenForm } from "./_components/create-token-form";

export const metadata = { title: "API tokens" };

export default async function TokensPage() {
  const user = await requireArea("account");
  const api = await serverApi("account");
  const tokens = await api.tokens.mine();
  return (
    <>
      <PageHeader title="API tokens" subtitle={<>Tokens let scripts and pipelines use Verdict&apos;s API as you, within the scopes you give them and never beyond your role. <a className="text-indigo-700 underline" href="/api-reference">API reference</a></>} />
      <div className="grid gap-6 xl:grid-cols-[1fr_24rem]">
        <ApiTokenTable tokens={tokens} />
        <CreateTokenForm scopes={scopesForRole(user.role)} />
      </div>
    </>
  );
}
