"use client";
// API tokens as a table: what each may do, when it was last used, when it stops; revoke in place.
// The owner's own page and the admins' page of every token both use it.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/app/_lib/trpc";
import { ErrorMessage } from "./form-controls";
import { useMomentFormat } from "@/app/_lib/use-moment-format";

export interface TokenRow {
  id: string; name: string; prefix: string; scopes: string[]; createdAt: Date; expiresAt: Date; lastUsedAt: Date | null;
  state: "active" | "revoked" | "expired"; user: { email: string; displayName: string };
}


export function ApiTokenTable({ tokens, showOwner = false }: { tokens: TokenRow[]; showOwner?: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const t = useTranslations("tokens");
  const day = useMomentFormat();
  const revoke = useMutation(trpc.tokens.revoke.mutationOptions({ onSuccess: () => router.refresh() }));
  if (tokens.length === 0) return <p className="text-sm text-slate-600">{t("none")}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <ErrorMessage error={revoke.error} />
      <table className="w-full text-sm" aria-label={t("tableLabel")}>
        <thead className="bg-slate-50 text-start text-xs uppercase tracking-wide text-slate-500">
          <tr>{[...(showOwner ? ["owner"] as const : []), ...(["name", "token", "scopes", "created", "expires", "lastUsed", "state"] as const)].map((h) => <th key={h} className="px-3 py-2">{t(`columns.${h}`)}</th>)}<th /></tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr key={token.id} className="border-t border-slate-100">
              {showOwner && <td className="px-3 py-2">{token.user.displayName} <span className="text-slate-500">{token.user.email}</span></td>}
              <td className="px-3 py-2 font-medium">{token.name}</td>
              <td className="px-3 py-2 font-mono text-xs">{token.prefix}_…</td>
              <td className="px-3 py-2">{token.scopes.join(", ")}</td>
              <td className="px-3 py-2 text-slate-600" dir="ltr">{day(token.createdAt)}</td>
              <td className="px-3 py-2 text-slate-600" dir="ltr">{day(token.expiresAt)}</td>
              <td className="px-3 py-2 text-slate-600" dir="ltr">{token.lastUsedAt ? day(token.lastUsedAt) : t("never")}</td>
              <td className="px-3 py-2"><span className={token.state === "active" ? "text-emerald-700" : "text-slate-500"}>{t(`states.${token.state}`)}</span></td>
              <td className="px-3 py-2 text-end">
                {token.state === "active" && (
                  <button type="button" className="rounded-md border border-red-300 px-2 py-1 text-red-700 hover:bg-red-50" disabled={revoke.isPending}
                    onClick={() => { if (window.confirm(t("confirmRevoke", { name: token.name }))) revoke.mutate({ tokenId: token.id }); }}>
                    {t("revoke")}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
