"use client";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button, ErrorMessage, TextField } from "@/app/_components/form-controls";
import { useTRPC } from "@/app/_lib/trpc";

export function LocaleForm() {
  const t = useTranslations("admin.localeForm");
  const trpc = useTRPC();
  const router = useRouter();
  const [form, setForm] = useState({ code: "", name: "", region: "" });
  const save = useMutation(trpc.locales.save.mutationOptions({ onSuccess: () => { setForm({ code: "", name: "", region: "" }); router.refresh(); } }));
  return (
    <form className="space-y-3 self-start rounded-lg border border-slate-200 bg-white p-4" aria-label={t("addOrRenameLocale")}
      onSubmit={(e) => { e.preventDefault(); save.mutate(form); }}>
      <h2 className="font-semibold">{t("addOrRenameALocale")}</h2>
      <TextField label={t("codeBcp47")} placeholder={t("koKr")} required value={form.code} onChange={(e) => setForm({ ...form, code: e.target.value })} />
      <TextField label={t("name")} placeholder={t("koreanSouthKorea")} required value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
      <TextField label={t("region")} placeholder={t("asiaPacific")} required value={form.region} onChange={(e) => setForm({ ...form, region: e.target.value })} />
      <ErrorMessage error={save.error} />
      <Button type="submit" disabled={save.isPending}>{t("saveLocale")}</Button>
    </form>
  );
}
