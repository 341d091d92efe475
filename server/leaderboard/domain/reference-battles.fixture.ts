// Test data shared by the fit tests: 12 items among 4 models over 6 prompts, whose reference fits
// were computed independently with SciPy (see the tests).
// [prompt, a, b, wins of a (ties as halves), battles].
export const REFERENCE_ITEMS: [number, number, number, number, number][] = [
  [0, 0, 1, 2, 3], [0, 2, 3, 1, 3], [1, 0, 2, 1.5, 2], [1, 1, 3, 2, 2], [2, 0, 3, 3, 3], [2, 1, 2, 0.5, 3],
  [3, 2, 0, 1, 3], [3, 3, 1, 1, 2], [4, 1, 0, 1, 3], [4, 3, 2, 2.5, 3], [5, 0, 1, 1, 2], [5, 2, 1, 2, 2],
];
