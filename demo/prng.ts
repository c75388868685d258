// Seeded pseudo-random numbers for the demo shops: same seed, same catalog and pages, on every run.

/** Mixes a seed with a salt into a well-spread non-zero 32-bit state (so nearby seeds diverge at once). */
export function mixSeed(seed: number, salt: number): number {
  let h = (seed ^ Math.imul(salt + 0x7f4a7c15, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  return h === 0 ? 0x2545f491 : h;
}

/** Xorshift generator on 32-bit integers: integer arithmetic only, so prices never touch floats. */
export class Prng {
  private state: number;

  constructor(seed: number, salt = 0) {
    this.state = mixSeed(seed, salt);
  }

  nextUint32(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state;
  }

  /** Uniform-enough integer in [min, max] (the modulo bias is far below what a demo can notice). */
  int(min: number, max: number): number {
    return min + (this.nextUint32() % (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)];
  }

  /** True with the given probability in percent. */
  chance(percent: number): boolean {
    return this.int(0, 99) < percent;
  }
}
