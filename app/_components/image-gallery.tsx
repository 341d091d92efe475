"use client";
// Images of a prompt or response, each zoomable. While zoomed, the overlay owns the keyboard: Esc
// (or a click, or its Close button) closes it, and answer keys do nothing underneath it.
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type RefObject } from "react";
import { MediaFailed, useMediaLoad } from "./media-load";

export function ImageGallery({ images }: { images: { url: string; alt: string }[] }) {
  const t = useTranslations("common");
  const [zoomed, setZoomed] = useState<{ url: string; alt: string } | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const close = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!zoomed) return;
    close.current?.focus();
    function onKey(e: KeyboardEvent) {
      // Capture phase, before the task page's own shortcuts: nothing reaches them while zoomed.
      e.stopImmediatePropagation();
      if (e.key === "Escape") { e.preventDefault(); setZoomed(null); }
      else if (e.key !== "Tab" && e.key !== "Enter" && e.key !== " ") e.preventDefault();
    }
    window.addEventListener("keydown", onKey, { capture: true });
    return () => {
      window.removeEventListener("keydown", onKey, { capture: true });
      opener.current?.focus();
    };
  }, [zoomed]);

  if (images.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap gap-3">
      {images.map((img) => <GalleryImage key={img.url} img={img} opener={opener} onZoom={setZoomed} />)}
      {zoomed && (
        <div role="dialog" aria-modal="true" aria-label={t("enlarged", { alt: zoomed.alt })} className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-black/70 p-6" onClick={() => setZoomed(null)}>
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={zoomed.url} alt={t("enlarged", { alt: zoomed.alt })} className="max-h-[85vh] max-w-full bg-white [image-rendering:pixelated]" style={{ minWidth: "min(90vw, 900px)" }} />
          <button ref={close} type="button" onClick={() => setZoomed(null)} className="rounded-md bg-white px-3 py-1 text-sm">{t("close")} <kbd className="text-slate-500">Esc</kbd></button>
        </div>
      )}
    </div>
  );
}

function GalleryImage({ img, opener, onZoom }: { img: { url: string; alt: string }; opener: RefObject<HTMLButtonElement | null>; onZoom: (img: { url: string; alt: string }) => void }) {
  const t = useTranslations("common");
  const load = useMediaLoad(img.url, "image");
  if (load.failed) return <MediaFailed alt={img.alt} onRetry={load.retry} />;
  return (
    // While the picture is on its way its frame keeps a size and pulses, rather than a dot.
    <button type="button" onClick={(e) => { opener.current = e.currentTarget; onZoom(img); }} aria-busy={load.pending || undefined}
      className={`rounded border border-slate-200 p-1 hover:border-indigo-400 ${load.pending ? "min-h-24 min-w-24 animate-pulse bg-slate-100" : "bg-white"}`} aria-label={t("zoomImage", { alt: img.alt })}>
      {/* eslint-disable-next-line @next/next/no-img-element -- served by our attachment route */}
      <img key={load.attempt} src={img.url} alt={img.alt} className="max-h-72 w-auto" onError={load.failedNow} onLoad={load.loaded} />
    </button>
  );
}
