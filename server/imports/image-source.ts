// Where a material import finds the image and audio files its rows name. The CLI reads them from the
// material file's folder (its user has the shell anyway), but only regular files and never past the
// size limit: a FIFO would hang the import, /dev/zero would read without end. A browser upload
// carries its images in a .zip bundle and is never resolved against the server's disk; a plain
// CSV or JSON Lines upload can only use data: URIs.
import { closeSync, openSync, readSync, statSync } from "node:fs";
import path from "node:path";
import { bundlePath } from "./domain/bundle-path";
import { MAX_AUDIO_BYTES } from "./domain/audio-type";
import { MAX_IMAGE_BYTES } from "./domain/image-type";

// Files are read up to the larger of the two limits; each kind's own limit is checked on load.
const MAX_MEDIA_BYTES = Math.max(MAX_IMAGE_BYTES, MAX_AUDIO_BYTES);

export type ImageLoad = { data: Buffer; fileName: string } | { problem: string };

export interface ImageSource {
  load(ref: string): ImageLoad;
}

const tooLarge = (ref: string) => ({ problem: `${ref} is larger than ${MAX_MEDIA_BYTES / 1024 / 1024} MB` });

/** Reads at most `limit + 1` bytes, so that an oversized file is recognised without reading it all. */
function readAtMost(file: string, limit: number): Buffer {
  const fd = openSync(file, "r");
  try {
    const buf = Buffer.alloc(limit + 1);
    let n = 0;
    for (let got = -1; got !== 0 && n < buf.length; n += got) got = readSync(fd, buf, n, buf.length - n, null);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

export function folderImages(dir: string): ImageSource {
  return {
    load(ref) {
      const file = path.resolve(dir, ref);
      let stat;
      try {
        stat = statSync(file);
      } catch {
        return { problem: `${ref} cannot be read (paths are relative to the imported file's folder)` };
      }
      if (!stat.isFile()) return { problem: `${ref} is not a regular file` };
      if (stat.size > MAX_MEDIA_BYTES) return tooLarge(ref);
      const data = readAtMost(file, MAX_MEDIA_BYTES);
      if (data.length > MAX_MEDIA_BYTES) return tooLarge(ref);
      return { data, fileName: path.basename(ref) };
    },
  };
}

/** Images inside an uploaded bundle, by their path in it; `from` is the material file's folder in the bundle. */
export function bundleImages(files: ReadonlyMap<string, Buffer>, from: string): ImageSource {
  return {
    load(ref) {
      const p = bundlePath(ref, from);
      if (!p.ok) return { problem: p.reason };
      const data = files.get(p.path);
      if (!data) return { problem: `${ref} is not in the uploaded bundle` };
      return { data, fileName: path.posix.basename(p.path) };
    },
  };
}

/** A plain CSV or JSON Lines upload: image files must come in a bundle. */
export const NO_IMAGE_FILES: ImageSource = {
  load: (ref) => ({ problem: `${ref} is a file name, but a single uploaded file carries no images: upload a .zip with the material file and its images, or use data: URIs` }),
};
