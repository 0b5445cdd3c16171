import { type Journey, type JourneyDetail, type JourneyState, journeyActionsOf } from '@iot/shared';

const EMPTY_SUMMARY: Journey['summary'] = {
  distanceM: 0,
  movingMs: 0,
  stoppedMs: 0,
  topSpeedKmh: 0,
  averageSpeedKmh: 0,
  start: null,
  end: null,
  legs: [],
  stops: [],
};

/** A journey of Acme Water as the server answers it, its actions those of its state. */
export function journey(id: string, description: string, extra: Partial<Journey> = {}): Journey {
  const state: JourneyState = extra.state ?? 'running';
  return {
    _id: id,
    businessId: 'acme',
    business: { id: 'acme', description: 'Acme Water' },
    description,
    comment: '',
    device: { uuid: 'van-1', description: 'Delivery van 1' },
    state,
    createdAt: '2026-03-02T08:00:00.000Z',
    updatedAt: '2026-03-02T10:30:00.000Z',
    endedAt: null,
    summary: EMPTY_SUMMARY,
    actions: journeyActionsOf(state),
    version: 1,
    ...extra,
  };
}

/** A running delivery from Porto to Braga with a stop at a place on the way and one outside every place. */
export function deliveryDetail(extra: Partial<JourneyDetail> = {}): JourneyDetail {
  const base = journey('j1', 'Porto to Braga delivery', { comment: 'Fragile load' });
  return {
    ...base,
    summary: {
      distanceM: 54_300,
      movingMs: 65 * 60_000,
      stoppedMs: 25 * 60_000,
      topSpeedKmh: 96.4,
      averageSpeedKmh: 50.1,
      start: { lat: 41.15, lon: -8.61, date: '2026-03-02T08:05:00.000Z' },
      end: { lat: 41.55, lon: -8.42, date: '2026-03-02T09:35:00.000Z' },
      legs: [
        {
          from: { lat: 41.15, lon: -8.61, date: '2026-03-02T08:05:00.000Z' },
          to: { lat: 41.35, lon: -8.5, date: '2026-03-02T08:40:00.000Z' },
          distanceM: 30_100,
          durationMs: 35 * 60_000,
          topSpeedKmh: 96.4,
        },
      ],
      stops: [
        {
          lat: 41.35,
          lon: -8.5,
          place: { id: 'p1', name: 'Trofa warehouse' },
          arrivedAt: '2026-03-02T08:40:00.000Z',
          leftAt: '2026-03-02T09:00:00.000Z',
          durationMs: 20 * 60_000,
        },
        {
          lat: 41.55,
          lon: -8.42,
          place: null,
          arrivedAt: '2026-03-02T09:30:00.000Z',
          leftAt: null,
          durationMs: 5 * 60_000,
        },
      ],
    },
    history: [
      { transition: 'created', user: 'olivia@example.com', comment: 'Fragile load', date: '2026-03-02T08:00:00.000Z' },
      { transition: 'comment', user: null, comment: 'Driver changed', date: '2026-03-02T09:10:00.000Z' },
    ],
    track: [
      { lat: 41.15, lon: -8.61, date: '2026-03-02T08:05:00.000Z', speedKmh: null },
      { lat: 41.35, lon: -8.5, date: '2026-03-02T08:40:00.000Z', speedKmh: 60 },
      { lat: 41.55, lon: -8.42, date: '2026-03-02T09:35:00.000Z', speedKmh: 40 },
    ],
    ...extra,
  };
}
