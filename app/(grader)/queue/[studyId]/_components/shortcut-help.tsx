export const SHORTCUTS: [string, string][] = [
  ["1 – 7 / 1 – 5", "answer the highlighted dimension (then moves on)"],
  ["↑ ↓ or J K", "move between dimensions"],
  ["Enter", "submit and go to the next task (from the answers; on another button or link, Enter activates that)"],
  ["Ctrl+Enter / ⌘+Enter", "submit from anywhere, the comment box included"],
  ["C", "write a comment (Esc leaves the box)"],
  ["X", "flag: cannot assess"],
  ["H", "flag: unsafe or harmful content"],
  ["S", "skip this task (asks for a reason)"],
  ["G", "show or hide the guidelines"],
  ["A / B", "audio: play or pause Response 1 / Response 2"],
  ["P", "audio: play Response 1, then Response 2"],
  ["R", "audio: replay the last clip from the start"],
  ["?", "show or hide these shortcuts"],
];

export function ShortcutHelp() {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
      {SHORTCUTS.map(([k, d]) => (
        <div key={k} className="contents"><dt><kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono">{k}</kbd></dt><dd className="text-slate-600">{d}</dd></div>
      ))}
    </dl>
  );
}
