import { describe, expect, it } from "vitest";
import { clampZoom, MAX_ZOOM, ZOOM_STEP } from "./image-view";

describe("the comparison's zoom", () => {
  it("stays between fitting the pane and 8×", () => {
    expect(clampZoom(0.2)).toBe(1);
    expect(clampZoom(100)).toBe(MAX_ZOOM);
  });

  it("returns to exactly 1 after the same number of steps in and out", () => {
    let z = 1;
    for (let i = 0; i < 3; i++) z = clampZoom(z * ZOOM_STEP);
    expect(z).toBe(3.375);
    for (let i = 0; i < 3; i++) z = clampZoom(z / ZOOM_STEP);
    expect(z).toBe(1);
  });
});
