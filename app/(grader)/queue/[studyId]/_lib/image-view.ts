// The shared zoom and pan of compared images: one view applied to every pane, so the same detail
// is under the grader's eye in each.
export interface View {
  zoom: number;
  /** pan in CSS pixels */
  x: number;
  y: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 8;
export const ZOOM_STEP = 1.5;

/** Zoom kept between fitting the pane (1) and 8×; rounded so repeated steps in and out return to 1. */
export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom * 1000) / 1000));
}
