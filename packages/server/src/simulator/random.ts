/** A source of numbers in [0, 1): `Math.random` when running, a seeded one in tests. */
export type Random = () => number;

/** mulberry32: small, fast and good enough for believable noise; the same seed gives the same run. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable number from a text (a device id), so each device keeps its own character across restarts. */
export function hashOf(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

export const between = (random: Random, low: number, high: number) => low + (high - low) * random();

/** Roughly normal noise (sum of uniforms), cheap and bounded to ±3 standard deviations. */
export function noise(random: Random, deviation: number): number {
  return (random() + random() + random() - 1.5) * 2 * deviation;
}

export const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * -1..1 over a day, highest at `peakHour` (UTC, good enough for a demo in Portugal): the shape of a room's temperature
 * following the outside air.
 */
export function dailyCycle(at: number, peakHour: number): number {
  const phase = ((at % DAY_MS) / DAY_MS - peakHour / 24) * 2 * Math.PI;
  return Math.cos(phase);
}

/** What a slowly draining quantity lost between two dates at `perDay` units a day. */
export const drained = (from: number, to: number, perDay: number) => (Math.max(0, to - from) / DAY_MS) * perDay;
