"use client";
// The earlier turns of a conversation prompt, as a chat transcript in order, before the final user
// turn the responses answer. A long conversation opens with its latest turns and the earlier ones
// folded behind one button, so the grader starts near what is being answered yet can read it all.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ImageGallery } from "./image-gallery";
import { ModelOutput } from "./model-output";
import { visibleTurns } from "@/app/_lib/visible-turns";

export interface TranscriptTurn {
  role: "system" | "user" | "assistant";
  content: string;
  images: { url: string; alt: string }[];
}

const ROLE_STYLE: Record<TranscriptTurn["role"], string> = {
  system: "border-slate-200 bg-slate-50",
  user: "border-sky-200 bg-sky-50",
  assistant: "border-slate-200 bg-white",
};

export function ConversationTranscript({ turns }: { turns: TranscriptTurn[] }) {
  const t = useTranslations("transcript");
  const [expanded, setExpanded] = useState(false);
  const { hidden, shown } = visibleTurns(turns.length, expanded);
  return (
    <section aria-label={t("label")} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="mb-2 text-xs uppercase tracking-wide text-slate-500">{t("heading", { count: turns.length })}</h2>
      {hidden > 0 && (
        <button type="button" onClick={() => setExpanded(true)} className="mb-2 rounded-md border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 hover:bg-slate-50">
          {t("showEarlier", { count: hidden })}
        </button>
      )}
      <ol className="space-y-2">
        {turns.slice(shown).map((turn, i) => (
          <li key={shown + i} data-turn={shown + i + 1} data-role={turn.role} className={`rounded-md border p-3 ${ROLE_STYLE[turn.role]}`}>
            <div className="mb-1 text-xs font-semibold text-slate-600">{t(`roles.${turn.role}`)}</div>
            <ModelOutput text={turn.content} label={t("turnLabel", { n: shown + i + 1, role: t(`roles.${turn.role}`) })} />
            <ImageGallery images={turn.images} />
          </li>
        ))}
      </ol>
    </section>
  );
}
