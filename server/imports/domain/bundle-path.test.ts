import { describe, expect, it } from "vitest";
import { bundlePath } from "./bundle-path";

describe("paths inside a bundle", () => {
  it("resolves relative paths from the material file's folder", () => {
    expect(bundlePath("chart.png")).toEqual({ ok: true, path: "chart.png" });
    expect(bundlePath("./img/chart.png", "set")).toEqual({ ok: true, path: "set/img/chart.png" });
    expect(bundlePath("img\\chart.png")).toEqual({ ok: true, path: "img/chart.png" });
  });

  it("refuses absolute paths and anything with .., whatever exists on any disk", () => {
    for (const ref of ["/etc/passwd", "/srv/verdict/data/x.png", "C:\\x.png", "\\\\server\\share.png"]) expect(bundlePath(ref)).toMatchObject({ ok: false, reason: expect.stringContaining("absolute path") });
    for (const ref of ["../x.png", "img/../../x.png", "a/../b.png"]) expect(bundlePath(ref)).toMatchObject({ ok: false, reason: expect.stringContaining("leaves the bundle") });
    expect(bundlePath("./")).toMatchObject({ ok: false });
  });
});
