/**
 * The seeded randomness of the evaluation builders (build-cases.ts, build-real-cases.ts,
 * build-romaji-cases.ts): mulberry32, a small generator, so every build samples the same
 * records and a committed case file can be made again exactly.
 */
export interface Seeded {
  /** A number in [0, 1). */
  rnd(): number;
  pick<T>(list: readonly T[]): T;
  shuffled<T>(list: readonly T[]): T[];
}

export function seeded(seed: number): Seeded {
  let a = seed;
  const rnd = () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    rnd,
    pick: (list) => list[Math.floor(rnd() * list.length)]!,
    shuffled(list) {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(rnd() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
}
