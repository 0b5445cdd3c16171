import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advanceJourney,
  emptyJourneySummary,
  interruptJourney,
  type JourneyPosition,
  MAX_KEPT,
  presentJourneySummary,
  STOP_MIN_MS,
  type StoredJourneySummary,
} from './progress.js';

const T0 = Date.UTC(2026, 10, 2, 8, 0, 0);
const MINUTE = 60_000;
/** Metres per degree of latitude: a kilometre north is this many degrees. */
const KM_NORTH = 1000 / 111_195;
const depot = { id: 'place-depot', name: 'Porto depot' };
const client = { id: 'place-client', name: 'Braga client' };

const at = (minute: number, km: number, extra: Partial<JourneyPosition> = {}): JourneyPosition => ({
  lat: 41.15 + km * KM_NORTH,
  lon: -8.61,
  date: T0 + minute * MINUTE,
  speedKmh: null,
  place: null,
  ...extra,
});

const feed = (positions: JourneyPosition[], summary = emptyJourneySummary()) =>
  positions.reduce(advanceJourney, summary);

describe('advanceJourney', () => {
  it('an empty journey has covered nothing', () => {
    expect(presentJourneySummary(emptyJourneySummary(), T0)).toEqual({
      distanceM: 0,
      movingMs: 0,
      stoppedMs: 0,
      topSpeedKmh: 0,
      averageSpeedKmh: 0,
      start: null,
      end: null,
      legs: [],
      stops: [],
    });
  });

  it('the first position is the start and the end, with no distance yet', () => {
    const summary = presentJourneySummary(feed([at(0, 0)]), T0);
    expect(summary.start).toEqual({ lat: 41.15, lon: -8.61, date: new Date(T0).toISOString() });
    expect(summary.end).toEqual(summary.start);
    expect(summary.distanceM).toBe(0);
    expect(summary.legs).toEqual([]);
  });

  it('counts distance, moving time, top and average speed from positions without a reported speed', () => {
    const summary = presentJourneySummary(feed([at(0, 0), at(1, 1), at(2, 3), at(3, 4)]), T0 + 3 * MINUTE);
    expect(summary.distanceM).toBe(4000);
    expect(summary.movingMs).toBe(3 * MINUTE);
    expect(summary.stoppedMs).toBe(0);
    expect(summary.topSpeedKmh).toBe(120);
    expect(summary.averageSpeedKmh).toBe(80);
    expect(summary.legs).toHaveLength(1);
    expect(summary.legs[0]).toMatchObject({ distanceM: 4000, durationMs: 3 * MINUTE, topSpeedKmh: 120 });
  });

  it('takes the reported speed for the top speed when the device gives one', () => {
    const summary = feed([at(0, 0), at(1, 1, { speedKmh: 75 }), at(2, 2, { speedKmh: 50 })]);
    expect(presentJourneySummary(summary, T0).topSpeedKmh).toBe(75);
  });

  it('ignores positions not newer than the last taken', () => {
    const summary = feed([at(0, 0), at(2, 2)]);
    expect(advanceJourney(summary, at(2, 5))).toBe(summary);
    expect(advanceJourney(summary, at(1, 1))).toBe(summary);
  });

  it('ignores positions dated before the journey began, such as buffered messages arriving late', () => {
    const begun = emptyJourneySummary(T0 + 5 * MINUTE);
    expect(advanceJourney(begun, at(4, 0))).toBe(begun);
    const summary = feed([at(4, 0), at(6, 1), at(8, 2)], begun);
    expect(presentJourneySummary(summary, T0 + 8 * MINUTE).start?.date).toBe(new Date(T0 + 6 * MINUTE).toISOString());
  });

  it('a parked device wandering a few metres with speed 0 adds no distance, only stopped time', () => {
    const parked = [0, 1, 2, 3].map((minute) => at(minute, minute % 2 === 0 ? 0 : 0.02, { speedKmh: 0 }));
    const summary = presentJourneySummary(feed(parked), T0 + 3 * MINUTE);
    expect(summary.distanceM).toBe(0);
    expect(summary.movingMs).toBe(0);
    expect(summary.stoppedMs).toBe(3 * MINUTE);
  });

  it('a device reporting speed 0 on arrival after a long silence did travel the way between', () => {
    const summary = presentJourneySummary(feed([at(0, 0, { speedKmh: 0 }), at(10, 8, { speedKmh: 0 })]), T0);
    expect(summary.distanceM).toBe(8000);
    expect(summary.movingMs).toBe(10 * MINUTE);
  });

  it('a halt shorter than a stop is not a stop', () => {
    const summary = feed([at(0, 0), at(1, 1), at(2, 1), at(3, 1), at(4, 2)]);
    const shown = presentJourneySummary(summary, T0 + 4 * MINUTE);
    expect(shown.stops).toEqual([]);
    expect(shown.legs).toHaveLength(1);
    expect(shown.stoppedMs).toBe(2 * MINUTE);
  });

  it('standing still long enough is a stop at its place, between two legs', () => {
    const stopMinutes = STOP_MIN_MS / MINUTE;
    const positions = [
      at(0, 0, { place: depot }),
      at(1, 1),
      at(2, 2),
      at(3, 2, { place: client }),
      at(3 + stopMinutes, 2, { place: client }),
      at(10 + stopMinutes, 2, { place: client }),
      at(11 + stopMinutes, 3),
    ];
    const summary = presentJourneySummary(feed(positions), T0 + 11 * MINUTE);
    expect(summary.stops).toEqual([
      {
        lat: positions[2]?.lat,
        lon: -8.61,
        place: client,
        arrivedAt: new Date(T0 + 2 * MINUTE).toISOString(),
        leftAt: new Date(T0 + (10 + stopMinutes) * MINUTE).toISOString(),
        durationMs: (8 + stopMinutes) * MINUTE,
      },
    ]);
    expect(summary.legs.map((leg) => [leg.distanceM, leg.from.date, leg.to.date])).toEqual([
      [2000, new Date(T0).toISOString(), new Date(T0 + 2 * MINUTE).toISOString()],
      [1000, summary.stops[0]?.leftAt, new Date(T0 + (11 + stopMinutes) * MINUTE).toISOString()],
    ]);
    expect(summary.stoppedMs).toBe((8 + stopMinutes) * MINUTE);
  });

  it('a stop takes the place the device turns out to be at while it stands there', () => {
    const summary = feed([at(0, 0), at(1, 1), at(2, 1), at(8, 1), at(9, 1, { place: client }), at(10, 1)]);
    expect(presentJourneySummary(summary, T0 + 10 * MINUTE).stops.map((stop) => stop.place)).toEqual([client]);
  });

  it('a stop the device still stands at lasts until now', () => {
    const summary = feed([at(0, 0), at(1, 1), at(2, 1), at(8, 1)]);
    const shown = presentJourneySummary(summary, T0 + 20 * MINUTE);
    expect(shown.stops).toHaveLength(1);
    expect(shown.stops[0]).toMatchObject({ leftAt: null, durationMs: 19 * MINUTE });
    expect(shown.stoppedMs).toBe(19 * MINUTE);
    expect(shown.legs).toHaveLength(1);
  });

  it('an interrupted journey ends its leg and stop, and after a restart does not draw a line across the pause', () => {
    const paused = interruptJourney(feed([at(0, 0), at(1, 1), at(2, 1), at(8, 1)]), T0 + 10 * MINUTE);
    const shownPaused = presentJourneySummary(paused, T0 + 60 * MINUTE);
    expect(shownPaused.stops[0]).toMatchObject({ leftAt: new Date(T0 + 10 * MINUTE).toISOString() });
    expect(shownPaused.stoppedMs).toBe(9 * MINUTE);

    const restarted = presentJourneySummary(feed([at(30, 20), at(31, 21)], paused), T0 + 31 * MINUTE);
    expect(restarted.distanceM).toBe(2000);
    expect(restarted.legs.map((leg) => leg.distanceM)).toEqual([1000, 1000]);
    expect(restarted.movingMs).toBe(2 * MINUTE);
  });

  it('keeps at most MAX_KEPT legs and stops however long the journey, while the totals count everything', () => {
    const positions: JourneyPosition[] = [];
    const rounds = MAX_KEPT + 20;
    for (let round = 0; round < rounds; round++) {
      const minute = round * 20;
      positions.push(at(minute, round), at(minute + 1, round + 1), at(minute + 19, round + 1));
    }
    const summary = feed(positions);
    expect(summary.stops).toHaveLength(MAX_KEPT);
    expect(summary.legs).toHaveLength(MAX_KEPT);
    expect(Math.round(summary.distanceM)).toBe(rounds * 1000);
    expect(JSON.stringify(summary).length).toBeLessThan(60_000);
  });

  it('for any positions: moving and stopped time add up to the span covered, and the legs to the distance', () => {
    const step = fc.record({
      afterMs: fc.integer({ min: -MINUTE, max: 20 * MINUTE }),
      north: fc.double({ min: -0.01, max: 0.01, noNaN: true }),
      speedKmh: fc.option(fc.double({ min: 0, max: 150, noNaN: true })),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) => {
        let date = T0;
        let lat = 41.15;
        let summary: StoredJourneySummary = emptyJourneySummary();
        for (const { afterMs, north, speedKmh } of steps) {
          date += afterMs;
          lat += north;
          summary = advanceJourney(summary, { lat, lon: -8.61, date, speedKmh, place: null });
        }
        const { start, last } = summary;
        if (!start || !last) return;
        expect(summary.movingMs + summary.stoppedMs).toBe(last.date - start.date);
        const shown = presentJourneySummary(summary, last.date);
        const legsDistance = shown.legs.reduce((total, leg) => total + leg.distanceM, 0);
        expect(Math.abs(legsDistance - shown.distanceM)).toBeLessThanOrEqual(shown.legs.length);
        // From distances alone, no average outruns the fastest stretch (a reported speed may be below the average).
        if (steps.every((step) => step.speedKmh === null))
          expect(shown.topSpeedKmh).toBeGreaterThanOrEqual(shown.averageSpeedKmh);
        for (const stop of shown.stops) expect(stop.durationMs).toBeGreaterThanOrEqual(STOP_MIN_MS);
      }),
    );
  });
});
