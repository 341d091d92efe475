"use client";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button, ErrorMessage, TextField } from "@/app/_components/form-controls";
import { useTRPC } from "@/app/_lib/trpc";

interface Settings { goldRate: number; requireQualification: boolean; qualificationPassRate: number; minTaskSeconds: number }

export function QualitySettingsForm({ studyId, settings, qualificationItems }: { studyId: string; settings: Settings; qualificationItems: number }) {
  const t = useTranslations("research.qualitySettingsForm");
  const trpc = useTRPC();
  const router = useRouter();
  const [goldPct, setGoldPct] = useState(String(Math.round(settings.goldRate * 100)));
  const [requireQ, setRequireQ] = useState(settings.requireQualification);
  const [passPct, setPassPct] = useState(String(Math.round(settings.qualificationPassRate * 100)));
  const [minSeconds, setMinSeconds] = useState(String(settings.minTaskSeconds));
  const [saved, setSaved] = useState(false);
  const save = useMutation(trpc.quality.updateSettings.mutationOptions({ onSuccess: () => { setSaved(true); router.refresh(); } }));
  return (
    <form className="space-y-3" onSubmit={(e) => {
      e.preventDefault();
      setSaved(false);
      save.mutate({ studyId, goldRate: Number(goldPct) / 100, requireQualification: requireQ, qualificationPassRate: Number(passPct) / 100, minTaskSeconds: Number(minSeconds) });
    }}>
      <TextField label={t("goldAndAttentionItemsOf")} type="number" min={0} max={50} step={1} value={goldPct} onChange={(e) => setGoldPct(e.target.value)} />
      <TextField label={t("minimumPlausibleTimePerTask")} type="number" min={0} max={3600} step={1} value={minSeconds} onChange={(e) => setMinSeconds(e.target.value)} />
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <input type="checkbox" checked={requireQ} onChange={(e) => setRequireQ(e.target.checked)} />
        {t("requireAPassedQualificationSet", { qualificationItems })}{qualificationItems === 1 ? "" : "s"}{t("beforeRealTasks")}</label>
      <TextField label={t("qualificationPassMarkOfChecked")} type="number" min={50} max={100} step={1} value={passPct} onChange={(e) => setPassPct(e.target.value)} />
      <ErrorMessage error={save.error} />
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={save.isPending}>{t("saveSettings")}</Button>
        {saved && !save.isPending && <span role="status" className="text-sm text-emerald-700">{t("saved")}</span>}
      </div>
    </form>
  );
}
