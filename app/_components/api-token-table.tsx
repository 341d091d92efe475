"use client";
// API tokens as a table: what each may do, when it was last used, when it stops; revoke in place.
// The owner's own page and the admins' page of every token both use it.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTRPC } from "@/app/_lib/trpc";
import { ErrorMessage } from "./form-controls";

export interface TokenRow {
  id: string; name: string; prefix: string; scopes: string[]; createdAt: Date; expiresAt: Date; lastUsedAt: Date | null;
  state: "active" | "revoked" | "expired"; user: { email: string; displayName: string };
}

const day = (d: Date | null) => (d ? new Date(d).toISOString().slice(0, 16).replace("T", " ") : "never");

export function ApiTokenTable({ tokens, showOwner = false }: { tokens: TokenRow[]; showOwner?: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const revoke = useMutation(trpc.tokens.revoke.mutationOptions({ onSuccess: () => router.refresh() }));
  if (tokens.length === 0) return <p className="text-sm text-slate-600">No tokens yet.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <ErrorMessage error={revoke.error} />
      <table className="w-full text-sm" aria-label="API tokens">
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
          <tr>{[...(showOwner ? ["Owner"] : []), "Name", "Token", "Scopes", "Created", "Expires", "Last used", "State", ""].map((h) => <th key={h} className="px-3 py-2">{h}</th>)}</tr>
        </thead>
        <tbody>
          {tokens.map((t) => (
            <tr key={t.id} className="border-t border-slate-100">
              {showOwner && <td className="px-3 py-2">{t.user.displayName} <span className="text-slate-500">{t.user.email}</span></td>}
              <td className="px-3 py-2 font-medium">{t.name}</td>
              <td className="px-3 py-2 font-mono text-xs">{t.prefix}_…</td>
              <td className="px-3 py-2">{t.scopes.join(", ")}</td>
              <td className="px-3 py-2 text-slate-600">{day(t.createdAt)}</td>
              <td className="px-3 py-2 text-slate-600">{day(t.expiresAt)}</td>
              <td className="px-3 py-2 text-slate-600">{day(t.lastUsedAt)}</td>
              <td className="px-3 py-2"><span className={t.state === "active" ? "text-emerald-700" : "text-slate-500"}>{t.state}</span></td>
              <td className="px-3 py-2 text-right">
                {t.state === "active" && (
                  <button type="button" className="rounded-md border border-red-300 px-2 py-1 text-red-700 hover:bg-red-50" disabled={revoke.isPending}
                    onClick={() => { if (window.confirm(`Revoke "${t.name}"? Anything using it stops working at once.`)) revoke.mutate({ tokenId: t.id }); }}>
                    Revoke
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
