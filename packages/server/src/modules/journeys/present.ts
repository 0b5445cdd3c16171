import type { Journey, JourneyAction, JourneyDetail, JourneyTransition } from '@iot/shared';
import { parseJourneySummary, presentJourneySummary } from './progress.js';
import type { ListedJourneyRow } from './repo.js';

const iso = (time: number) => new Date(time).toISOString();

/**
 * A journey as answers show it, with the actions the caller may take on it. A closed journey's summary is shown as at
 * its end, so it never changes with the time it is read.
 */
export function presentJourney(row: ListedJourneyRow, actions: Record<JourneyAction, boolean>, now: number): Journey {
  return {
    _id: row.id,
    businessId: row.businessId,
    business: { id: row.businessId, description: row.businessDescription },
    description: row.description,
    comment: row.comment,
    device: { uuid: row.deviceId, description: row.deviceDescription },
    state: row.state,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    endedAt: row.endedAt === null ? null : iso(row.endedAt),
    summary: presentJourneySummary(parseJourneySummary(row.summary), row.endedAt ?? now),
    actions,
    version: row.version,
  };
}

/**
 * How many positions a journey's answer draws at most: a journey of weeks may hold tens of thousands, more than a map
 * line needs; past this, evenly spaced ones are kept, the first and last always.
 */
export const TRACK_POINTS_MAX = 5_000;

/** The track with at most `max` points, evenly spaced, its first and last kept. */
export function thinnedTrack<T>(points: readonly T[], max = TRACK_POINTS_MAX): T[] {
  if (points.length <= max) return [...points];
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, index) => points[Math.round(index * step)] as T);
}

/** A journey with its history (oldest first, each step with who took it) and its track, thinned to what a map draws. */
export function presentJourneyDetail(
  journey: Journey,
  history: {
    transition: JourneyTransition;
    comment: string;
    date: number;
    userEmail: string | null;
  }[],
  track: { date: number; lat: number; lon: number; speedKmh: number | null }[],
): JourneyDetail {
  return {
    ...journey,
    history: history.map((entry) => ({
      transition: entry.transition,
      user: entry.userEmail,
      comment: entry.comment,
      date: iso(entry.date),
    })),
    track: thinnedTrack(track).map((point) => ({
      lat: point.lat,
      lon: point.lon,
      date: iso(point.date),
      speedKmh: point.speedKmh,
    })),
  };
}
