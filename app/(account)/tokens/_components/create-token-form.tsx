"use client";
// Making a token: a name, the scopes this user's role allows, a lifetime. The secret is shown
// once, here, and never again (only its hash is kept).
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button, ErrorMessage, SelectField, TextField } from "@/app/_components/form-controls";
import { useTRPC } from "@/app/_lib/trpc";
import type { Scope } from "@/server/tokens/schema";

export function CreateTokenForm({ scopes }: { scopes: Scope[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const t = useTranslations("tokens");
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<Scope[]>(scopes.slice(0, 1));
  const [days, setDays] = useState(90);
  const [made, setMade] = useState<{ secret: string; name: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const create = useMutation(trpc.tokens.create.mutationOptions({
    onSuccess: (t) => { setMade({ secret: t.secret, name }); setCopied(false); setName(""); router.refresh(); },
  }));
  return (
    <div className="space-y-4">
      {made && (
        <div role="status" className="space-y-2 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm">
          <p className="font-medium text-emerald-900">{t("created", { name: made.name })}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code data-testid="new-token" className="break-all rounded bg-white px-2 py-1 font-mono text-xs">{made.secret}</code>
            <button type="button" className="rounded-md border border-emerald-400 bg-white px-2 py-1"
              onClick={() => void navigator.clipboard?.writeText(made.secret).then(() => setCopied(true))}>{copied ? t("copied") : t("copy")}</button>
          </div>
          <p className="text-emerald-900">{t.rich("useAs", { code: (c) => <code className="font-mono" dir="ltr">{c}</code> })}</p>
        </div>
      )}
      <form aria-label={t("formLabel")} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        onSubmit={(e) => { e.preventDefault(); create.mutate({ name, scopes: chosen, expiresInDays: days }); }}>
        <h2 className="font-semibold">{t("newToken")}</h2>
        <TextField label={t("name")} required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} placeholder={t("namePlaceholder")} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">{t("scopes")}</legend>
          <div className="mt-1 space-y-1">
            {scopes.map((s) => (
              <label key={s} className="flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-1" checked={chosen.includes(s)} onChange={(e) => setChosen(e.target.checked ? [...chosen, s] : chosen.filter((x) => x !== s))} />
                <span><span className="font-medium">{s}</span> <span className="text-slate-600">— {t(`scopeDescriptions.${s}`)}</span></span>
              </label>
            ))}
          </div>
        </fieldset>
        <SelectField label={t("expiresAfter")} value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {[7, 30, 90, 180, 365].map((d) => <option key={d} value={d}>{t("days", { count: d })}</option>)}
        </SelectField>
        <ErrorMessage error={create.error} />
        <Button type="submit" disabled={create.isPending}>{t("create")}</Button>
      </form>
    </div>
  );
}
