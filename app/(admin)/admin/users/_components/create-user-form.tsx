"use client";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button, ErrorMessage, SelectField, TextField } from "@/app/_components/form-controls";
import { useTRPC } from "@/app/_lib/trpc";
import { ROLES, type Role } from "@/server/auth/schema";

const EMPTY = { email: "", displayName: "", role: "GRADER" as Role, password: "", locales: [] as string[] };

export function CreateUserForm({ localeCodes }: { localeCodes: string[] }) {
  const t = useTranslations("admin.createUserForm");
  const trpc = useTRPC();
  const router = useRouter();
  const [form, setForm] = useState(EMPTY);
  const [created, setCreated] = useState<string | null>(null);
  const create = useMutation(trpc.users.create.mutationOptions({
    onSuccess: (u) => { setCreated(u.email); setForm(EMPTY); router.refresh(); },
  }));
  return (
    <form className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-label={t("createUser")}
      onSubmit={(e) => { e.preventDefault(); setCreated(null); create.mutate(form); }}>
      <h2 className="font-semibold">{t("newUser")}</h2>
      <TextField label={t("email")} type="email" required value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
      <TextField label={t("displayName")} required value={form.displayName} onChange={(e) => setForm({ ...form, displayName: e.target.value })} />
      <SelectField label={t("role")} value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as Role })}>
        {ROLES.map((r) => <option key={r} value={r}>{r.toLowerCase()}</option>)}
      </SelectField>
      <TextField label={t("initialPassword10Characters")} type="password" autoComplete="new-password" required minLength={10}
        value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t("locales")}{" "}{form.role === "GRADER" && t("whatThisGraderMayGrade")}</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {localeCodes.map((code) => (
            <label key={code} className="flex items-center gap-1 text-sm">
              <input type="checkbox" checked={form.locales.includes(code)}
                onChange={(e) => setForm({ ...form, locales: e.target.checked ? [...form.locales, code] : form.locales.filter((c) => c !== code) })} />
              {code}
            </label>
          ))}
        </div>
      </fieldset>
      <ErrorMessage error={create.error} />
      {created && <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">{t("created", { created })}</p>}
      <Button type="submit" disabled={create.isPending}>{create.isPending ? t("creating") : t("createUser")}</Button>
    </form>
  );
}
