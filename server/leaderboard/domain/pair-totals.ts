// Battles summed per pair of models: the sufficient statistics of a Bradley–Terry fit. Dense
// m × m arrays (upper triangle used) so that a bootstrap resample can add into them without
// allocating; ties count as half a win for each side.
export class PairTotals {
  /** wins[i*m+j], i < j: wins of i over j (ties as halves) */
  readonly wins: Float64Array;
  /** battles[i*m+j], i < j */
  readonly battles: Float64Array;

  constructor(readonly models: number) {
    this.wins = new Float64Array(models * models);
    this.battles = new Float64Array(models * models);
  }

  clear(): void {
    this.wins.fill(0);
    this.battles.fill(0);
  }

  /** `winsA` battles won by a (ties already halved) out of `battles`, times `weight` (a resample's multiplicity). */
  add(a: number, b: number, winsA: number, battles: number, weight = 1): void {
    if (a < b) {
      this.wins[a * this.models + b] += weight * winsA;
      this.battles[a * this.models + b] += weight * battles;
    } else {
      this.wins[b * this.models + a] += weight * (battles - winsA);
      this.battles[b * this.models + a] += weight * battles;
    }
  }

  /** Wins of i over j, either order. */
  winsOf(i: number, j: number): number {
    const m = this.models;
    return i < j ? this.wins[i * m + j] : this.battles[j * m + i] - this.wins[j * m + i];
  }

  battlesOf(i: number, j: number): number {
    return i < j ? this.battles[i * this.models + j] : this.battles[j * this.models + i];
  }

  /** Battles each model took part in, and its wins (ties as halves). */
  perModel(): { battles: Float64Array; wins: Float64Array } {
    const battles = new Float64Array(this.models);
    const wins = new Float64Array(this.models);
    this.perModelInto(battles, wins);
    return { battles, wins };
  }

  /** perModel into arrays the caller keeps (a bootstrap asks once per resample). */
  perModelInto(battles: Float64Array, wins: Float64Array): void {
    const m = this.models;
    battles.fill(0);
    wins.fill(0);
    for (let i = 0; i < m; i++) {
      for (let j = i + 1; j < m; j++) {
        const n = this.battles[i * m + j];
        if (n === 0) continue;
        const w = this.wins[i * m + j];
        battles[i] += n;
        battles[j] += n;
        wins[i] += w;
        wins[j] += n - w;
      }
    }
  }
}
