"use client";
// An image or clip a grader is meant to judge must have reached them before they judge it. Each
// reports its load state to the nearest reporter (the grading page, which keeps rating closed while
// any image of the task is still on its way or any image or clip failed); a failed one says so in
// its place with a way to load it again. Outside a reporter (the researchers' prompts page) it
// still says so.
import { useTranslations } from "next-intl";
import { createContext, useCallback, useContext, useId, useLayoutEffect, useState, type ReactNode } from "react";
import type { MediaKind, MediaReport, MediaState } from "../_lib/media-summary";

/** One element's state under its own id (the same picture may show twice), or null once it is gone. */
type Report = (id: string, report: MediaReport | null) => void;
const MediaLoadReport = createContext<Report | null>(null);

export function MediaLoadReporter({ report, children }: { report: Report; children: ReactNode }) {
  return <MediaLoadReport.Provider value={report}>{children}</MediaLoadReport.Provider>;
}

/**
 * Load state of one image or clip: whether it failed, `failedNow` and `loaded` for its element's
 * error and load events, and `retry`, which mounts a new element (use `attempt` as its key) so that
 * the browser asks for it again. The state is reported after every change, whatever the order of
 * the element's events, and withdrawn when the element goes; reported before the browser paints, so
 * that no frame shows rating open over an image that has not arrived.
 */
export function useMediaLoad(url: string, kind: MediaKind) {
  const report = useContext(MediaLoadReport);
  const id = useId();
  const initial: MediaState = kind === "image" ? "pending" : "ok";
  const [state, setState] = useState<MediaState>(initial);
  const [attempt, setAttempt] = useState(0);
  useLayoutEffect(() => {
    report?.(id, { url, kind, state });
    return () => report?.(id, null);
  }, [report, id, url, kind, state]);
  return {
    failed: state === "failed",
    pending: state === "pending",
    attempt,
    failedNow: useCallback(() => setState("failed"), []),
    loaded: useCallback(() => setState("ok"), []),
    retry: () => { setState(initial); setAttempt((a) => a + 1); },
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
