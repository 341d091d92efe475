// Paths inside an uploaded bundle: relative, forward slashes, never leaving the bundle. A browser
// upload names its images by these paths and nothing else; the server never resolves a path of
// its own disk for it.

export type BundlePath = { ok: true; path: string } | { ok: false; reason: string };

export function bundlePath(ref: string, from = ""): BundlePath {
  const raw = ref.replace(/\\/g, "/");
  if (raw.startsWith("/") || /^[a-z]:/i.test(raw)) return { ok: false, reason: `"${ref}" is an absolute path; name images by their path inside the bundle` };
  const parts: string[] = from ? from.split("/").filter(Boolean) : [];
  for (const part of raw.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") return { ok: false, reason: `"${ref}" leaves the bundle (..); name images by their path inside it` };
    parts.push(part);
  }
  if (!parts.length) return { ok: false, reason: `"${ref}" names no file` };
  return { ok: true, path: parts.join("/") };
}
