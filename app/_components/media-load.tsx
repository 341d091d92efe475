"use client";
// An image or clip a grader is meant to judge but that did not load must not be judged as if seen
// or heard: each reports whether it loaded to the nearest reporter (the grading page, which closes
// rating while any of the task's failed), and a failed one says so in its place with a way to load
// it again. Outside a reporter (the researchers' prompts page) it still says so.
import { useTranslations } from "next-intl";
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";

type Report = (url: string, failed: boolean) => void;
const MediaLoadReport = createContext<Report | null>(null);

export function MediaLoadReporter({ report, children }: { report: Report; children: ReactNode }) {
  return <MediaLoadReport.Provider value={report}>{children}</MediaLoadReport.Provider>;
}

/**
 * Load state of one image or clip: whether it failed, `failedNow` and `loaded` for its element's
 * error and load events, and `retry`, which mounts a new element (use `attempt` as its key) so that
 * the browser asks for it again.
 */
export function useMediaLoad(url: string) {
  const report = useContext(MediaLoadReport);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const mark = useCallback((state: boolean) => { setFailed(state); report?.(url, state); }, [report, url]);
  return {
    failed,
    attempt,
    failedNow: () => mark(true),
    loaded: () => mark(false),
    retry: () => { setFailed(false); setAttempt((a) => a + 1); },
  };
}

/** Shown in place of an image or clip that did not load. */
export function MediaFailed({ alt, onRetry, className = "" }: { alt: string; onRetry: () => void; className?: string }) {
  const t = useTranslations("common");
  return (
    // Its own pointer events: an image pane that pans on drag would otherwise capture the button's click.
    <div role="alert" data-testid="media-failed" onPointerDown={(e) => e.stopPropagation()} className={`flex flex-col items-start gap-2 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900 ${className}`}>
      <span>{t("couldNotLoad", { alt })}</span>
      <button type="button" onClick={onRetry} className="rounded-md border border-red-300 bg-white px-2 py-1 text-red-800 hover:bg-red-100">{t("tryAgain")}</button>
    </div>
  );
}
