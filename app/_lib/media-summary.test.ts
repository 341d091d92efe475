import { describe, expect, it } from "vitest";
import { mediaSummary, type MediaReport } from "./media-summary";

const image = (url: string, state: MediaReport["state"]): MediaReport => ({ url, kind: "image", state });
const clip = (url: string, state: MediaReport["state"]): MediaReport => ({ url, kind: "clip", state });

describe("mediaSummary", () => {
  it("counts nothing when every image showed and no clip failed", () => {
    expect(mediaSummary([image("/a", "ok"), clip("/c", "ok")])).toEqual({ pendingImages: 0, failedImages: 0, failedClips: 0 });
  });

  it("counts images on their way and failures by address", () => {
    expect(mediaSummary([image("/a", "pending"), image("/a", "pending"), image("/b", "failed"), clip("/c", "failed"), image("/d", "ok")]))
      .toEqual({ pendingImages: 1, failedImages: 1, failedClips: 1 });
  });

  it("counts a picture shown twice as on its way until both copies showed", () => {
    expect(mediaSummary([image("/a", "ok"), image("/a", "pending")]).pendingImages).toBe(1);
  });

  it("counts a picture that failed in one place as failed, not also as on its way", () => {
    expect(mediaSummary([image("/a", "failed"), image("/a", "pending")])).toEqual({ pendingImages: 0, failedImages: 1, failedClips: 0 });
  });
});
