import { ApiTokenTable } from "@/app/_components/api-token-table";
import { PageHeader } from "@/app/_components/page-header";
import { serverApi } from "@/server/web/page-session";

export const metadata = { title: "All API tokens" };

export default async function AllTokensPage() {
  const api = await serverApi("admin");
  const tokens = await api.tokens.all();
  const active = tokens.filter((t) => t.state === "active").length;
  return (
    <>
      <PageHeader title="All API tokens" subtitle={`${tokens.length} tokens, ${active} active. Revoking one stops it at once, for whatever uses it.`} />
      <ApiTokenTable tokens={tokens} showOwner />
    </>
  );
}
