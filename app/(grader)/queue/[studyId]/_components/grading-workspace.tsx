"use client";
// The grader's task loop: lease a task, answer each dimension (mouse or keyboard), submit, and
// go straight to the next task without a page load. Answers are drafted to local storage as they
// are given, so a reload brings the half-filled task back.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { ConversationTranscript } from "@/app/_components/conversation-transcript";
import { ImageGallery } from "@/app/_components/image-gallery";
import { Markdown } from "@/app/_components/markdown";
import { ModelOutput } from "@/app/_components/model-output";
import { useTRPC } from "@/app/_lib/trpc";
import { useErrorText } from "@/app/_lib/use-error-text";
import { directionOf, type Language } from "@/server/i18n/schema";
import { validateSubmission } from "@/server/grading/schema";
import type { AppRouter } from "@/server/root";
import { choiceDescription, choicesFor, valueForKey } from "../_lib/answer-scale";
import { medianSeconds } from "../_lib/session-stats";
import { enterSubmits, firstUnanswered, type FocusKind } from "../_lib/enter-key";
import { draftKey, emptyDraft, parseDraft, type TaskDraft } from "../_lib/task-draft";
import { listenGate } from "../_lib/listening";
import { AudioPlayer, type AudioPlayerHandle } from "./audio-player";
import { DimensionControl } from "./dimension-control";
import { ImageComparison } from "./image-comparison";
import { MediaLoadReporter } from "@/app/_components/media-load";
import { mediaSummary, type MediaReport } from "@/app/_lib/media-summary";
import { QualificationResult } from "./qualification-result";
import { ShortcutHelp } from "./shortcut-help";

type Task = NonNullable<inferRouterOutputs<AppRouter>["grading"]["next"]>;
type Panel = "none" | "guidelines" | "help" | "skip";
/** How long an image may take to arrive before the note says rating waits for it. */
const SLOW_IMAGE_MS = 800;
const STATS_KEY = "verdict:session-durations";

function readDurations(): number[] {
  try {
    const v = JSON.parse(sessionStorage.getItem(STATS_KEY) ?? "[]");
    return Array.isArray(v) ? v.filter((x) => typeof x === "number") : [];
  } catch {
    return [];
  }
}

export function GradingWorkspace({ studyId }: { studyId: string }) {
  const trpc = useTRPC();
  const t = useTranslations();
  const errorText = useErrorText();
  // In a right-to-left page Response 1 stands on the right: arrows point outwards to their response.
  const rtl = directionOf(useLocale() as Language) === "rtl";
  const [task, setTask] = useState<Task | null | undefined>(undefined);
  const [draft, setDraft] = useState<TaskDraft>(() => emptyDraft(0));
  const [focus, setFocus] = useState(0);
  const [panel, setPanel] = useState<Panel>("none");
  const [skipReason, setSkipReason] = useState("");
  const [durations, setDurations] = useState<number[]>([]);
  // Set once the grader tried to submit with answers missing: from then on the problems show beside their dimension and go as they are fixed.
  const [attempted, setAttempted] = useState(false);
  // What another tab or device had already stored for this task, when a submission found it done.
  const [storedElsewhere, setStoredElsewhere] = useState<Record<string, number> | null>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const skipRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  // Audio tasks: a player per response clip (in response order), which clips were heard in full,
  // and the one played last (R replays it).
  const players = useRef<(AudioPlayerHandle | null)[]>([]);
  const [heard, setHeard] = useState<Record<string, boolean>>({});
  const [lastPlayed, setLastPlayed] = useState(0);
  const [gateShown, setGateShown] = useState(false);
  // Each image and clip element's load state (media-load.tsx): rating stays closed while an image
  // is on its way or any image or clip failed.
  const [media, setMedia] = useState<Record<string, MediaReport>>({});
  const reportMedia = useCallback((id: string, r: MediaReport | null) => setMedia((x) => {
    const was = x[id];
    if (r === null ? was === undefined : was?.url === r.url && was.kind === r.kind && was.state === r.state) return x;
    const next = { ...x };
    if (r === null) delete next[id];
    else next[id] = r;
    return next;
  }), []);
  // A panel opened from the keyboard deep in a long task opens where the grader can see it.
  useEffect(() => { if (panel === "help" || panel === "guidelines") panelRef.current?.scrollIntoView({ block: "nearest" }); }, [panel]);

  const show = useCallback((t: Task | null) => {
    setTask(t);
    setPanel("none");
    setSkipReason("");
    setAttempted(false);
    setStoredElsewhere(null);
    setHeard({});
    setLastPlayed(0);
    setGateShown(false);
    if (t) {
      const keys = t.dimensions.map((d) => d.key);
      const restored = parseDraft(localStorage.getItem(draftKey(t.assignmentId)), keys, Date.now());
      setDraft(restored);
      // After a reload, go on where the grader left off, not back to the first (answered) dimension.
      setFocus(firstUnanswered(keys, restored.values));
    } else setFocus(0);
    window.scrollTo({ top: 0 });
  }, []);

  // The qualification set (when the study has one): progress while it runs, then the result,
  // shown once before the study's tasks (and for good, after a failed set).
  const qualification = useQuery(trpc.quality.myQualification.queryOptions({ studyId }));
  const seenKey = `verdict:qualification-seen:${studyId}`;
  const [resultSeen, setResultSeen] = useState(true);
  useEffect(() => setResultSeen(localStorage.getItem(seenKey) === "1"), [seenKey]);
  const inQualification = qualification.data?.required === true && qualification.data.result === null;
  const refreshQualification = () => { if (inQualification) void qualification.refetch(); };

  const next = useMutation(trpc.grading.next.mutationOptions({ onSuccess: show, onSettled: refreshQualification }));
  const progress = useQuery(trpc.grading.progress.queryOptions({ studyId }));
  const submit = useMutation(trpc.grading.submit.mutationOptions());
  const skip = useMutation(trpc.grading.skip.mutationOptions());
  const busy = next.isPending || submit.isPending || skip.isPending;

  useEffect(() => {
    setDurations(readDurations());
    next.mutate({ studyId });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- lease once on arrival
  }, [studyId]);

  const update = useCallback((change: Partial<TaskDraft>) => {
    setDraft((d) => {
      const updated = { ...d, ...change };
      if (task) localStorage.setItem(draftKey(task.assignmentId), JSON.stringify(updated));
      return updated;
    });
  }, [task]);

  // The response clips in order, and what still has to be heard before rating (when the study asks).
  const clips = (task?.responses ?? []).flatMap((r, n) => r.audio.map((a, i) => ({ ...a,
    label: r.audio.length > 1 ? t("task.responseClip", { n: n + 1, clip: i + 1 }) : t("task.response", { n: n + 1 }) })));
  const missingClips = task ? listenGate(task.study.requireFullListen, clips.map((c) => ({ label: c.label, heard: heard[c.url] === true }))) : null;
  const { pendingImages, failedImages, failedClips } = mediaSummary(Object.values(media));
  const mediaGate = [failedImages > 0 && t("task.imageGate", { count: failedImages }), failedClips > 0 && t("task.clipGate", { count: failedClips })]
    .filter(Boolean).join(" ") || null;
  const loadingGate = pendingImages > 0 ? t("task.imageLoadingGate", { count: pendingImages }) : null;
  // An image that arrives within a moment closes rating without a note coming and going; one that
  // takes longer says why rating is closed (as does any attempt to rate meanwhile).
  const [slowImages, setSlowImages] = useState(false);
  const waitingForImages = pendingImages > 0;
  const taskId = task?.assignmentId;
  useEffect(() => {
    setSlowImages(false);
    if (!waitingForImages) return;
    const timer = setTimeout(() => setSlowImages(true), SLOW_IMAGE_MS);
    return () => clearTimeout(timer);
  }, [waitingForImages, taskId]);
  const listenGateText = missingClips && t("task.listenGate", { clips: missingClips.length === 1 ? missingClips[0]
    : t("audio.list", { count: missingClips.length, first: missingClips.slice(0, -1).join(", "), last: missingClips.at(-1)! }) });
  // What keeps rating closed, if anything: what did not load first (it cannot be heard past), then
  // what is still loading; which of them it is names the note for tests.
  const gate = mediaGate ?? loadingGate ?? listenGateText;
  const gateId = mediaGate ? "media-gate" : loadingGate ? "media-loading" : "listen-gate";
  const onHeard = useCallback((url: string) => (h: boolean) => setHeard((x) => (x[url] === h ? x : { ...x, [url]: h })), []);
  const playInOrder = useCallback(async () => {
    for (let i = 0; i < players.current.length; i++) {
      const p = players.current[i];
      if (!p) continue;
      setLastPlayed(i);
      await p.play(true);
    }
  }, []);

  const pick = useCallback((index: number, value: number) => {
    if (!task) return;
    if (gate) { setGateShown(true); return; }
    update({ values: { ...draft.values, [task.dimensions[index].key]: value } });
    setFocus(Math.min(index + 1, task.dimensions.length - 1));
  }, [task, draft.values, update, gate]);

  const doSubmit = useCallback(() => {
    if (!task || busy || storedElsewhere) return;
    if (gate) { setGateShown(true); return; }
    // The server's own rule, checked here first: missing answers are pointed at beside their dimension.
    const problems = validateSubmission(task.dimensions, draft);
    if (problems.length) {
      setAttempted(true);
      const firstDim = task.dimensions.findIndex((d) => problems.some((p) => p.field === `values.${d.key}`));
      if (firstDim >= 0) setFocus(firstDim);
      else commentRef.current?.focus();
      return;
    }
    const spent = Date.now() - draft.startedAt;
    submit.mutate(
      { assignmentId: task.assignmentId, values: draft.values, comment: draft.comment || null,
        cannotAssess: draft.cannotAssess, harmful: draft.harmful, timeSpentMs: Math.max(0, Math.round(spent)) },
      { onSuccess: (outcome) => {
        localStorage.removeItem(draftKey(task.assignmentId));
        void progress.refetch();
        // Done already with other answers (another tab or device): say so and show what was stored,
        // instead of moving on as if these had been. The same answers are this page's own retry.
        const stored = outcome.stored ?? {};
        const same = task.dimensions.every((d) => stored[d.key] === draft.values[d.key]);
        if (outcome.status === "already-submitted" && !same) { setStoredElsewhere(stored); return; }
        const all = [...readDurations(), spent];
        sessionStorage.setItem(STATS_KEY, JSON.stringify(all));
        setDurations(all);
        next.mutate({ studyId });
      } },
    );
  }, [task, busy, draft, submit, next, studyId, storedElsewhere, progress, gate]);

  const doSkip = useCallback(() => {
    if (!task || busy || !skipReason.trim()) return;
    skip.mutate({ assignmentId: task.assignmentId, reason: skipReason.trim() }, {
      onSuccess: () => { localStorage.removeItem(draftKey(task.assignmentId)); next.mutate({ studyId }); },
    });
  }, [task, busy, skipReason, skip, next, studyId]);

  useEffect(() => {
    function focusKind(el: HTMLElement): FocusKind {
      if (el === document.body || el === document.documentElement) return "page";
      if (el.closest("[data-submit]")) return "submit-button";
      if (el.tagName === "TEXTAREA" || el.tagName === "INPUT" || el.tagName === "SELECT" || el.isContentEditable) return "text-field";
      if (el.closest("fieldset[data-dimension]") && !el.closest("details")) return "answer";
      if (el.closest("a, button, summary, [role=button], [tabindex]")) return "other-control";
      return "page";
    }
    function onKey(e: KeyboardEvent) {
      if (!task || e.altKey) return;
      const target = e.target as HTMLElement;
      const kind = focusKind(target);
      if (e.key === "Enter") {
        if (target === skipRef.current) { e.preventDefault(); doSkip(); return; }
        if (enterSubmits(kind, e.ctrlKey || e.metaKey)) { e.preventDefault(); doSubmit(); }
        return;
      }
      if (kind === "text-field") {
        if (e.key === "Escape") target.blur();
        return;
      }
      if (e.ctrlKey || e.metaKey) return;
      const dim = task.dimensions[focus];
      const value = dim ? valueForKey(e.key, dim.scaleMin, dim.scaleMax) : null;
      if (value !== null) { e.preventDefault(); pick(focus, value); return; }
      // Audio: A and B play or pause Response 1 and 2, P plays them one after the other, R replays the last one.
      const player = (i: number) => players.current[i];
      if (players.current.some(Boolean)) {
        const k = e.key.toLowerCase();
        if (k === "a" || k === "b") {
          const i = k === "a" ? 0 : 1;
          if (player(i)) { e.preventDefault(); setLastPlayed(i); player(i)!.toggle(); }
          return;
        }
        if (k === "p") { e.preventDefault(); void playInOrder(); return; }
        if (k === "r") { e.preventDefault(); void player(lastPlayed)?.play(true); return; }
      }
      switch (e.key) {
        case "ArrowDown": case "j": e.preventDefault(); setFocus((f) => Math.min(f + 1, task.dimensions.length - 1)); break;
        case "ArrowUp": case "k": e.preventDefault(); setFocus((f) => Math.max(f - 1, 0)); break;
        case "c": e.preventDefault(); commentRef.current?.focus(); break;
        case "x": update({ cannotAssess: !draft.cannotAssess }); break;
        case "h": update({ harmful: !draft.harmful }); break;
        case "s": e.preventDefault(); setPanel("skip"); setTimeout(() => skipRef.current?.focus(), 0); break;
        case "g": setPanel((p) => (p === "guidelines" ? "none" : "guidelines")); break;
        case "?": setPanel((p) => (p === "help" ? "none" : "help")); break;
        case "Escape": setPanel("none"); break;
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [task, focus, draft, pick, update, doSubmit, doSkip, playInOrder, lastPlayed]);

  const median = medianSeconds(durations);
  const counter = (
    <p className="text-sm text-slate-600" data-testid="session-counter">
      {t.rich("task.session", { done: durations.length, strong: (c) => <strong>{c}</strong> })}
      {median !== null && t.rich("task.median", { seconds: median, strong: (c) => <strong>{c}</strong> })}
      {progress.data && t.rich("task.left", { count: progress.data.leftForYou, left: (c) => <strong data-testid="left-for-you">{c}</strong> })}
    </p>
  );

  const q = qualification.data;
  if (q?.required && q.result && (!q.result.passed || !resultSeen)) {
    return <QualificationResult result={q.result} passRate={q.passRate} onContinue={() => { localStorage.setItem(seenKey, "1"); setResultSeen(true); }} />;
  }
  if (task === undefined) return <p className="text-slate-600">{next.error ? errorText(next.error) : t("task.finding")}</p>;
  if (task === null) {
    return (
      <div className="mx-auto max-w-lg rounded-lg border border-slate-200 bg-white p-8 text-center">
        <h1 className="text-xl font-semibold">{t("task.allDoneTitle")}</h1>
        <p className="mt-2 text-slate-600">{t("task.allDoneBody")}</p>
        <div className="mt-3">{counter}</div>
        <Link href="/queue" className="mt-6 inline-block rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white">{t("task.backToQueueButton")}</Link>
      </div>
    );
  }

  const error = submit.error ?? skip.error ?? next.error;
  // Refused although it was the grader's task (released, study completed, locale removed): the
  // answers stay on the page, and the grader can go on to the next task.
  const refused = submit.error?.data?.code === "CONFLICT" || submit.error?.data?.code === "PRECONDITION_FAILED";
  const missing = task.dimensions.filter((d) => draft.values[d.key] === undefined).length;
  // Both responses are images (an image model's outputs): compared in one view, zoomed together.
  const comparesImages = task.responses.length === 2 && task.responses.every((r) => r.images.length > 0);
  const problems = attempted ? validateSubmission(task.dimensions, draft) : [];
  const problemOf = (field: string) => {
    const p = problems.find((x) => x.field === field);
    if (!p) return undefined;
    // The dimension is named as this grader reads it.
    const dimension = typeof p.values.dimension === "string" ? task.dimensions.find((d) => d.key === p.values.dimension)?.label ?? p.values.dimension : undefined;
    return problemText({ key: p.key, values: dimension ? { ...p.values, dimension } : p.values });
  };
  const inWords = (key: string, value: number) => {
    const d = task.dimensions.find((x) => x.key === key);
    const c = d && choicesFor(d.scaleMin, d.scaleMax).find((x) => x.value === value);
    if (!d || !c) return String(value);
    const { key: k, values } = choiceDescription(c, d.scaleMin);
    return t(`scale.${k}`, { ...values, label: c.word ? t(`scale.${c.word}`) : String(c.value) });
  };
  const problemText = (p: { key: string; values: Record<string, string | number> } | undefined) =>
    p && (t as unknown as (k: string, v: object) => string)(`errors.${p.key}`, p.values);
  return (
    <MediaLoadReporter report={reportMedia}>
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link href="/queue" className="text-sm text-indigo-700 hover:underline">{rtl ? "→" : "←"} {t("task.backToQueue")}</Link>
          <h1 className="text-lg font-semibold" dir="auto">{task.study.title}</h1>
        </div>
        {counter}
        <div className="flex gap-2 text-sm">
          <button type="button" className="rounded-md border border-slate-300 bg-white px-3 py-1.5" onClick={() => setPanel(panel === "guidelines" ? "none" : "guidelines")}>{t("task.guidelines")} <kbd className="text-slate-500">G</kbd></button>
          <button type="button" className="rounded-md border border-slate-300 bg-white px-3 py-1.5" onClick={() => setPanel(panel === "help" ? "none" : "help")}>{t("task.shortcuts")} <kbd className="text-slate-500">?</kbd></button>
        </div>
      </div>

      {q?.required && q.result === null && (
        <p role="status" className="rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-950">
          {t("task.qualificationProgress", { n: Math.min(q.done + 1, q.total), total: q.total, passRate: q.passRate })}
        </p>
      )}
      {task.study.status === "PAUSED" && (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {t("task.paused")}
        </p>
      )}
      {panel === "guidelines" && <section ref={panelRef} aria-label={t("task.guidelines")} className="rounded-lg border border-amber-200 bg-amber-50 p-4"><Markdown text={task.study.guidelines || t("task.noGuidelines")} /></section>}
      {panel === "help" && <section ref={panelRef} aria-label={t("shortcuts.title")} className="scroll-mt-4 rounded-lg border border-slate-200 bg-white p-4"><ShortcutHelp /></section>}

      {task.prompt.conversation && <ConversationTranscript key={task.assignmentId} turns={task.prompt.conversation} />}
      <section aria-label={t("task.prompt")} className="rounded-lg border border-slate-200 bg-white p-4">
        <div className="mb-2 text-xs uppercase tracking-wide text-slate-500">
          {task.prompt.conversation ? t("task.userTurn") : t("task.prompt")} · {task.prompt.locale} · <bdi>{task.prompt.category}</bdi>
        </div>
        <ModelOutput text={task.prompt.text} label={t("task.thePrompt")} />
        <ImageGallery key={task.assignmentId} images={task.prompt.images} />
        {task.prompt.audio.map((a, i) => (
          <div key={a.url} className="mt-2"><AudioPlayer src={a.url} durationMs={a.durationMs} label={t("task.promptAudio", { n: i + 1 })} /></div>
        ))}
      </section>
      {clips.length > 1 && (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <button type="button" onClick={() => void playInOrder()} className="rounded-md border border-indigo-300 bg-white px-3 py-1.5 font-medium text-indigo-700">
            ▶ {t("task.playInOrder")} <kbd className="text-slate-500">P</kbd>
          </button>
          <span className="text-slate-600">{t.rich("task.playHint", { k: (c) => <kbd>{c}</kbd> })}</span>
        </div>
      )}

      <div className={`grid gap-4 ${task.responses.length === 2 ? "lg:grid-cols-2" : ""}`}>
        {task.responses.map((r, n) => {
          const label = t("task.response", { n: n + 1 });
          return (
          <section key={r.label} aria-label={label} className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="mb-2 text-sm font-semibold text-indigo-700">{label}</h2>
            {r.audio.map((a) => {
              const index = clips.findIndex((c) => c.url === a.url);
              return (
                <div key={a.url} className="mb-2">
                  <AudioPlayer ref={(h) => { players.current[index] = h; }} src={a.url} durationMs={a.durationMs} label={label}
                    keyHint={index === 0 ? "A" : index === 1 ? "B" : undefined}
                    onPlay={() => { setLastPlayed(index); players.current.forEach((p, j) => { if (j !== index) p?.pause(); }); }}
                    onHeard={onHeard(a.url)} />
                </div>
              );
            })}
            {r.text ? <ModelOutput text={r.text} label={label} /> : r.images.length === 0 && r.audio.length === 0 && <p className="text-sm text-slate-500">{t("task.emptyResponse")}</p>}
            {!comparesImages && <ImageGallery key={task.assignmentId} images={r.images} />}
            {comparesImages && r.images.length > 0 && <p className="text-sm text-slate-600">{t("task.imagesBelow", { count: r.images.length })}</p>}
          </section>
          );
        })}
      </div>
      {comparesImages && <ImageComparison key={task.assignmentId} left={task.responses[0].images} right={task.responses[1].images} source={task.prompt.images} />}

      <section aria-label={t("task.yourJudgment")} className="space-y-3" data-media={waitingForImages ? "loading" : "ready"}>
        {gate && (gateId !== "media-loading" || gateShown || slowImages) && (
          <p role="status" data-testid={gateId} className={`rounded-md border px-3 py-2 text-sm ${gateShown ? "border-amber-400 bg-amber-50 text-amber-950" : "border-slate-200 bg-slate-50 text-slate-700"}`}>{gate}</p>
        )}
        {task.dimensions.map((d, i) => (
          <DimensionControl key={d.key} dim={d} value={draft.values[d.key]} focused={i === focus} onFocus={() => setFocus(i)} onPick={(v) => pick(i, v)}
            problem={problemOf(`values.${d.key}`)} locked={gate !== null} rtl={rtl} />
        ))}
        <div className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 md:grid-cols-[1fr_auto]">
          <label className="block text-sm font-medium">{t("task.comment")} <span className="font-normal text-slate-500">{t("task.commentHint")} <kbd>C</kbd></span>
            <textarea ref={commentRef} value={draft.comment} onChange={(e) => update({ comment: e.target.value })} rows={2} dir="auto"
              className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm" />
            {problemOf("comment") && <span className="mt-1 block text-sm font-normal text-red-700" data-problem="comment">{problemOf("comment")}</span>}
          </label>
          <div className="flex flex-col justify-center gap-2 text-sm">
            <label className="flex items-center gap-2"><input type="checkbox" checked={draft.cannotAssess} onChange={(e) => update({ cannotAssess: e.target.checked })} />{t("task.cannotAssess")} <kbd className="text-slate-500">X</kbd></label>
            <label className="flex items-center gap-2"><input type="checkbox" checked={draft.harmful} onChange={(e) => update({ harmful: e.target.checked })} />{t("task.harmful")} <kbd className="text-slate-500">H</kbd></label>
          </div>
        </div>
        {panel === "skip" && (
          <div className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-300 bg-white p-3">
            <label className="flex-1 text-sm font-medium">{t("task.whySkip")} <input ref={skipRef} value={skipReason} onChange={(e) => setSkipReason(e.target.value)}
              placeholder={t("task.skipPlaceholder")} dir="auto" className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm" /></label>
            <button type="button" disabled={!skipReason.trim() || busy} onClick={doSkip} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm disabled:opacity-50">{t("task.skipTask")}</button>
          </div>
        )}
        {storedElsewhere && (
          <div role="status" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <p>{t("task.storedElsewhere")}</p>
            <ul className="list-disc ps-5">
              {Object.entries(storedElsewhere).map(([k, v]) => <li key={k}>{task.dimensions.find((d) => d.key === k)?.label ?? k}: {inWords(k, v)}</li>)}
            </ul>
            <button type="button" onClick={() => next.mutate({ studyId })} className="rounded-md border border-amber-400 bg-white px-3 py-1">{t("task.nextTask")}</button>
          </div>
        )}
        {error && (
          <div className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            <p role="alert">{errorText(error)}</p>
            {refused && <button type="button" onClick={() => { submit.reset(); next.mutate({ studyId }); }} className="rounded-md border border-red-300 bg-white px-3 py-1">{t("task.nextTask")}</button>}
          </div>
        )}
        <div className="flex items-center gap-3">
          <button type="button" data-submit onClick={doSubmit} disabled={busy} className="rounded-md bg-indigo-600 px-5 py-2 font-medium text-white hover:bg-indigo-700 disabled:opacity-60">
            {submit.isPending ? t("task.submitting") : t("task.submit")} <kbd className="ms-1 text-indigo-100">Enter</kbd>
          </button>
          <button type="button" onClick={() => { setPanel("skip"); setTimeout(() => skipRef.current?.focus(), 0); }} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm">{t("task.skip")} <kbd className="text-slate-500">S</kbd></button>
          <span className="text-sm text-slate-500">{missing > 0 && !draft.cannotAssess ? t("task.dimensionsLeft", { count: missing }) : t("task.ready")}</span>
        </div>
      </section>
    </div>
    </MediaLoadReporter>
  );
}
