"use client";
import { useState } from "react";

export function ImageGallery({ images }: { images: { url: string; alt: string }[] }) {
  const [zoomed, setZoomed] = useState<string | null>(null);
  if (images.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap gap-3">
      {images.map((img) => (
        <button key={img.url} type="button" onClick={() => setZoomed(img.url)} className="rounded border border-slate-200 bg-white p-1 hover:border-indigo-400" aria-label="Zoom image">
          {/* eslint-disable-next-line @next/next/no-img-element -- served by our attachment route */}
          <img src={img.url} alt={img.alt} className="max-h-72 w-auto" />
        </button>
      ))}
      {zoomed && (
        <div role="dialog" aria-label="Zoomed image" className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-6" onClick={() => setZoomed(null)}>
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={zoomed} alt="Zoomed" className="max-h-full max-w-full bg-white [image-rendering:pixelated]" style={{ minWidth: "min(90vw, 900px)" }} />
        </div>
      )}
    </div>
  );
}
