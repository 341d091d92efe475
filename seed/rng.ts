// A small seeded generator: the same seed number always yields the same demo data. The uniform
// source is the analytics' mulberry32, so the project has one implementation of it.
import { mulberry32 } from "../server/analytics/domain/seeded-random";

export interface Rng {
  next(): number; // [0, 1)
  int(min: number, max: number): number; // inclusive
  pick<T>(items: readonly T[]): T;
  normal(mean: number, sd: number): number;
  shuffle<T>(items: T[]): T[];
}

export function createRng(seed: number): Rng {
  const uniform = mulberry32(seed);
  const next = () => uniform();
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    normal: (mean, sd) => {
      const u = Math.max(next(), 1e-12);
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    shuffle: (items) => {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [items[j], items[i]];
      }
      return items;
    },
  };
  return rng;
}
