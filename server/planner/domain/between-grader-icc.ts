// How alike one prompt's graders are: the intraclass correlation of one-way random effects
// (ICC(1), Shrout & Fleiss 1979) over prompts with their k judgments, from per-prompt sums, for
// unequal group sizes with n0 = (N − Σ n_i² / N) / (g − 1):
//   ICC = (MSB − MSW) / (MSB + (n0 − 1) · MSW).
// The design effect of k judgments per prompt is 1 + (k − 1) · ICC: k alike judgments carry
// k / (1 + (k − 1) ICC) independent judgments' worth of information, which is why more prompts
// narrow an interval faster than more graders per prompt.
export interface PromptSums {
  n: number;
  sum: number;
  sumSq: number;
  /** prompts with these same sums (a group of prompts with one histogram); 1 when absent */
  count?: number;
}

export function betweenGraderIcc(prompts: Iterable<PromptSums>): { icc: number | null; prompts: number; judgments: number } {
  let g = 0, N = 0, S = 0, SS = 0, sumNi2 = 0, between = 0;
  let within = 0;
  const list = [...prompts].filter((p) => p.n > 0);
  for (const p of list) {
    const c = p.count ?? 1;
    g += c;
    N += c * p.n;
    S += c * p.sum;
    SS += c * p.sumSq;
    sumNi2 += c * p.n * p.n;
    within += c * (p.sumSq - (p.sum * p.sum) / p.n);
  }
  if (g < 2 || N - g < 1) return { icc: null, prompts: g, judgments: N };
  const grand = S / N;
  for (const p of list) between += (p.count ?? 1) * p.n * (p.sum / p.n - grand) ** 2;
  const msb = between / (g - 1);
  const msw = within / (N - g);
  const n0 = (N - sumNi2 / N) / (g - 1);
  const denominator = msb + (n0 - 1) * msw;
  if (denominator <= 0) return { icc: null, prompts: g, judgments: N };
  return { icc: (msb - msw) / denominator, prompts: g, judgments: N };
}
