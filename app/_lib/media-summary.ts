// What the grading page knows about a task's images and clips, from each element's report: which
// images are still on their way (rating waits for them: a picture not yet shown has not been seen)
// and which images and clips failed. Counted by address, since the same picture may show twice.

/** "pending": an image not yet shown (a clip is never pending: it is heard only when played). */
export type MediaState = "pending" | "ok" | "failed";
export type MediaKind = "image" | "clip";
export interface MediaReport {
  url: string;
  kind: MediaKind;
  state: MediaState;
}

export interface MediaSummary {
  pendingImages: number;
  failedImages: number;
  failedClips: number;
}

export function mediaSummary(reports: Iterable<MediaReport>): MediaSummary {
  const pending = new Set<string>(), failedImages = new Set<string>(), failedClips = new Set<string>();
  for (const r of reports) {
    if (r.state === "failed") (r.kind === "image" ? failedImages : failedClips).add(r.url);
    else if (r.state === "pending") pending.add(r.url);
  }
  // A picture that failed in one place is reported as failed, not also as on its way.
  for (const url of failedImages) pending.delete(url);
  return { pendingImages: pending.size, failedImages: failedImages.size, failedClips: failedClips.size };
}
