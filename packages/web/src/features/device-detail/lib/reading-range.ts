const HOUR_MS = 60 * 60 * 1000;

/** The ranges the data tab offers up to now, by how far back they reach. */
export const RECENT_RANGES = { '24h': 24 * HOUR_MS, '7d': 7 * 24 * HOUR_MS, '30d': 30 * 24 * HOUR_MS } as const;
export type RecentRange = keyof typeof RECENT_RANGES;

/** A range of readings: one up to now (resolved when the readings are read), or fixed dates (epoch ms). */
export type ReadingRange = { kind: RecentRange } | { kind: 'custom'; from: number; to: number };

export const DEFAULT_READING_RANGE: ReadingRange = { kind: '24h' };

export function rangeBounds(range: ReadingRange, now: number): { from: number; to: number } {
  if (range.kind === 'custom') return { from: range.from, to: range.to };
  return { from: now - RECENT_RANGES[range.kind], to: now };
}
