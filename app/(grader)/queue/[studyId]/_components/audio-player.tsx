"use client";
// One clip, with controls a grader can use from the keyboard (the workspace binds the keys): play
// and pause, replay from the start, seek by clicking the bar. The bar shows what has been heard
// (shaded) and where playback is, so a grader sees at a glance whether a clip was heard in full.
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from "react";
import { MediaFailed, useMediaLoad } from "@/app/_components/media-load";
import { fullyHeard, heardSeconds, type Span } from "../_lib/listening";

export interface AudioPlayerHandle {
  /** Plays (from the start when asked) and resolves when the clip ends or is paused. */
  play(fromStart?: boolean): Promise<void>;
  toggle(): void;
  pause(): void;
}

const clock = (s: number) => (Number.isFinite(s) ? `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, "0")}` : "–:–");

export function AudioPlayer({ src, label, keyHint, durationMs, onPlay, onHeard, ref }: {
  src: string;
  label: string;
  /** the key that plays and pauses this clip, shown on its button */
  keyHint?: string;
  /** the length read at import, shown before the browser has loaded the clip */
  durationMs: number | null;
  onPlay?: () => void;
  onHeard?: (heard: boolean) => void;
  ref?: Ref<AudioPlayerHandle>;
}) {
  const t = useTranslations("audio");
  const audio = useRef<HTMLAudioElement>(null);
  const settle = useRef<(() => void) | null>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(durationMs ? durationMs / 1000 : Number.NaN);
  const [spans, setSpans] = useState<Span[]>([]);
  const heard = fullyHeard(spans, duration);
  const load = useMediaLoad(src, "clip");

  useEffect(() => { onHeard?.(heard); }, [heard, onHeard]);

  const readPlayed = useCallback(() => {
    const el = audio.current;
    if (!el) return;
    const out: Span[] = [];
    for (let i = 0; i < el.played.length; i++) out.push([el.played.start(i), el.played.end(i)]);
    setSpans(out);
    setPosition(el.currentTime);
  }, []);

  const play = useCallback((fromStart = false) => {
    const el = audio.current;
    if (!el) return Promise.resolve();
    settle.current?.();
    if (fromStart || el.ended) el.currentTime = 0;
    return new Promise<void>((resolve) => {
      settle.current = () => { settle.current = null; resolve(); };
      el.play().catch(() => settle.current?.());
    });
  }, []);

  useImperativeHandle(ref, () => ({
    play,
    toggle: () => { const el = audio.current; if (el?.paused) void play(); else el?.pause(); },
    pause: () => audio.current?.pause(),
  }), [play]);

  const seek = (e: React.MouseEvent<HTMLDivElement>) => {
    const el = audio.current;
    if (!el || !Number.isFinite(el.duration)) return;
    const box = e.currentTarget.getBoundingClientRect();
    el.currentTime = Math.min(el.duration, Math.max(0, ((e.clientX - box.left) / box.width) * el.duration));
    readPlayed();
  };

  const pct = (s: number) => `${Number.isFinite(duration) && duration > 0 ? Math.min(100, (s / duration) * 100) : 0}%`;
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-2" data-testid="audio-player" data-heard={heard ? "true" : "false"} data-playing={playing ? "true" : "false"}>
      {load.failed && <MediaFailed alt={label} onRetry={load.retry} className="mb-2" />}
      <audio key={load.attempt} ref={audio} src={src} preload="auto"
        onError={load.failedNow}
        onLoadedMetadata={(e) => { load.loaded(); if (Number.isFinite(e.currentTarget.duration)) setDuration(e.currentTarget.duration); }}
        onPlay={() => { setPlaying(true); onPlay?.(); }}
        onPause={() => { setPlaying(false); readPlayed(); settle.current?.(); }}
        onEnded={() => { setPlaying(false); readPlayed(); settle.current?.(); }}
        onTimeUpdate={readPlayed} />
      <div className="flex items-center gap-2">
        <button type="button" onClick={() => { if (playing) audio.current?.pause(); else void play(); }}
          aria-label={playing ? t("pauseLabel", { label }) : t("playLabel", { label })}
          className="rounded-md bg-indigo-600 px-3 py-1 text-sm font-medium text-white hover:bg-indigo-700">
          {playing ? `❚❚ ${t("pause")}` : `▶ ${t("play")}`}{keyHint && <kbd className="ms-1 text-indigo-100">{keyHint}</kbd>}
        </button>
        <button type="button" onClick={() => void play(true)} aria-label={t("replayLabel", { label })} className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm">↺</button>
        <span className="font-mono text-xs text-slate-600" aria-live="off" dir="ltr">{clock(position)} / {clock(duration)}</span>
        <span className={`ms-auto text-xs ${heard ? "text-emerald-700" : "text-slate-500"}`}>
          {heard ? t("heardInFull") : t("heardShare", { share: Math.min(1, heardSeconds(spans) / (duration || 1)) })}
        </span>
      </div>
      {/* The bar: heard parts shaded, the playhead as a line; click to seek. */}
      <div role="presentation" onClick={seek} className="relative mt-2 h-3 cursor-pointer overflow-hidden rounded bg-slate-200">
        {spans.map(([s, e], i) => <div key={i} className="absolute inset-y-0 bg-indigo-300" style={{ left: pct(s), width: `calc(${pct(e)} - ${pct(s)})` }} />)}
        <div className="absolute inset-y-0 w-0.5 bg-indigo-700" style={{ left: pct(position) }} />
      </div>
    </div>
  );
}
