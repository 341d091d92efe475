"use client";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { EmptyState } from "@/app/_components/empty-state";
import { Button, ErrorMessage, TextField } from "@/app/_components/form-controls";
import { useTRPC } from "@/app/_lib/trpc";

interface ModelRow { id: string; name: string; family: string; generation: string | null; notes: string | null; _count: { responses: number; studies: number } }
type Draft = { id?: string; name: string; family: string; generation: string; notes: string };
const EMPTY: Draft = { name: "", family: "", generation: "", notes: "" };

export function ModelsEditor({ models }: { models: ModelRow[] }) {
  const t = useTranslations("research.modelsEditor");
  const trpc = useTRPC();
  const router = useRouter();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const done = { onSuccess: () => { setDraft(EMPTY); router.refresh(); } };
  const create = useMutation(trpc.models.create.mutationOptions(done));
  const update = useMutation(trpc.models.update.mutationOptions(done));
  const pending = create.isPending || update.isPending;
  return (
    <div className="grid gap-6 xl:grid-cols-[1fr_22rem]">
      {models.length === 0 ? <EmptyState title={t("noModelsYet")}>{t("addOneWithTheForm")}</EmptyState> : (
        <table className="w-full self-start overflow-hidden rounded-lg border border-slate-200 bg-white text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
            <tr><th className="px-3 py-2">{t("name")}</th><th className="px-3 py-2">{t("family")}</th><th className="px-3 py-2">{t("generation")}</th>
              <th className="px-3 py-2 text-right">{t("responses")}</th><th className="px-3 py-2 text-right">{t("studies")}</th><th className="px-3 py-2" /></tr>
          </thead>
          <tbody>
            {models.map((m) => (
              <tr key={m.id} className="border-b border-slate-100">
                <td className="px-3 py-2"><div className="font-medium">{m.name}</div>{m.notes && <div className="text-xs text-slate-500">{m.notes}</div>}</td>
                <td className="px-3 py-2">{m.family}</td><td className="px-3 py-2">{m.generation ?? "—"}</td>
                <td className="px-3 py-2 text-right tabular-nums">{m._count.responses}</td><td className="px-3 py-2 text-right tabular-nums">{m._count.studies}</td>
                <td className="px-3 py-2 text-right"><Button variant="secondary" onClick={() => setDraft({ id: m.id, name: m.name, family: m.family, generation: m.generation ?? "", notes: m.notes ?? "" })}>{t("edit")}</Button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="space-y-3 self-start rounded-lg border border-slate-200 bg-white p-4" aria-label={draft.id ? t("editModel") : t("newModel")}
        onSubmit={(e) => { e.preventDefault(); const { id, ...fields } = draft; if (id) update.mutate({ id, ...fields }); else create.mutate(fields); }}>
        <h2 className="font-semibold">{draft.id ? t("edit2", { name: draft.name }) : t("newModel")}</h2>
        <TextField label={t("name")} required value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        <TextField label={t("family")} required value={draft.family} onChange={(e) => setDraft({ ...draft, family: e.target.value })} />
        <TextField label={t("generationOrVersion")} value={draft.generation} onChange={(e) => setDraft({ ...draft, generation: e.target.value })} />
        <TextField label={t("notes")} value={draft.notes} onChange={(e) => setDraft({ ...draft, notes: e.target.value })} />
        <ErrorMessage error={create.error ?? update.error} />
        <div className="flex gap-2">
          <Button type="submit" disabled={pending}>{draft.id ? t("saveChanges") : t("addModel")}</Button>
          {draft.id && <Button variant="secondary" onClick={() => setDraft(EMPTY)}>{t("cancel")}</Button>}
        </div>
      </form>
    </div>
  );
}
