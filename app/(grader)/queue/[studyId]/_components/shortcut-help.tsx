"use client";
import { useTranslations } from "next-intl";

/** Each key (as printed on the keyboard) and what it does, under shortcuts.* in the catalogue. */
export const SHORTCUTS: [keys: string, action: string][] = [
  ["1 – 7 / 1 – 5", "answer"],
  ["↑ ↓ / J K", "move"],
  ["Enter", "enter"],
  ["Ctrl+Enter / ⌘+Enter", "ctrlEnter"],
  ["C", "comment"],
  ["X", "cannotAssess"],
  ["H", "harmful"],
  ["S", "skip"],
  ["G", "guidelines"],
  ["A / B", "audioAB"],
  ["P", "audioP"],
  ["R", "audioR"],
  ["?", "help"],
];

export function ShortcutHelp() {
  const t = useTranslations("shortcuts");
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
      {SHORTCUTS.map(([k, d]) => (
        <div key={k} className="contents"><dt><kbd dir="ltr" className="rounded border border-slate-300 bg-slate-50 px-1 font-mono">{k}</kbd></dt><dd className="text-slate-600">{t(d)}</dd></div>
      ))}
    </dl>
  );
}
