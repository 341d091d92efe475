// A browser upload of study material as one .zip: the material file (.csv, .jsonl) and the images
// its rows name by their path inside the zip. Entry names that leave the zip (absolute, ..) are
// refused, and so are bundles that would unpack past the limits (a zip bomb is refused from its
// declared sizes, and again if the data runs past them).
import path from "node:path";
import { unzipSync } from "fflate";
import { bundlePath } from "./domain/bundle-path";
import { MAX_AUDIO_BYTES } from "./domain/audio-type";
import { MAX_IMAGE_BYTES } from "./domain/image-type";
import { bundleImages, type ImageSource } from "./image-source";
import { ImportFileError } from "./read-rows";

export const MAX_BUNDLE_UNPACKED_BYTES = 1024 ** 3;
const MATERIAL = /\.(csv|jsonl|ndjson)$/i;
// Folders and files that zip tools add on their own.
const IGNORED = /(^|\/)(__MACOSX|\.DS_Store$|Thumbs\.db$)/;

export interface OpenedBundle {
  /** e.g. "set.zip › material.csv", for messages. */
  displayName: string;
  material: { name: string; data: Uint8Array };
  images: ImageSource;
}

/** Unpacks `zip`: its one material file, and its images (kept in memory, by path in the bundle). */
export function openBundle(zip: Uint8Array, bundleName: string): OpenedBundle {
  let unpacked = 0;
  const problems: string[] = [];
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (f) => {
        if (f.name.endsWith("/") || IGNORED.test(f.name)) return false;
        const p = bundlePath(f.name);
        if (!p.ok) {
          problems.push(`entry ${p.reason}`);
          return false;
        }
        // Each file's own limit (images 10 MB, audio 20 MB) is checked when a row uses it.
        const limit = Math.max(MAX_IMAGE_BYTES, MAX_AUDIO_BYTES);
        if (!MATERIAL.test(f.name) && f.originalSize > limit) {
          problems.push(`${f.name} is larger than ${limit / 1024 / 1024} MB`);
          return false;
        }
        unpacked += f.originalSize;
        if (unpacked > MAX_BUNDLE_UNPACKED_BYTES) {
          problems.push(`unpacks to more than ${MAX_BUNDLE_UNPACKED_BYTES / 1024 ** 3} GB`);
          return false;
        }
        return true;
      },
    });
  } catch (e) {
    throw new ImportFileError(`${bundleName}: not a readable .zip file (${(e as Error).message})`);
  }
  if (problems.length) throw new ImportFileError(`${bundleName}: ${[...new Set(problems)].slice(0, 5).join("; ")}`);
  const actual = Object.values(files).reduce((n, f) => n + f.length, 0);
  if (actual > MAX_BUNDLE_UNPACKED_BYTES) throw new ImportFileError(`${bundleName}: unpacks to more than it declares`);
  const materials = Object.keys(files).filter((n) => MATERIAL.test(n));
  if (materials.length !== 1) {
    throw new ImportFileError(`${bundleName}: needs exactly one material file (.csv or .jsonl) beside its images; found ${materials.length ? materials.join(", ") : "none"}`);
  }
  const [material] = materials;
  const images = new Map<string, Buffer>();
  for (const [name, data] of Object.entries(files)) {
    const p = bundlePath(name);
    if (name !== material && p.ok) images.set(p.path, Buffer.from(data));
  }
  const folder = path.posix.dirname(material) === "." ? "" : path.posix.dirname(material);
  return { displayName: `${bundleName} › ${material}`, material: { name: material, data: files[material] }, images: bundleImages(images, folder) };
}
