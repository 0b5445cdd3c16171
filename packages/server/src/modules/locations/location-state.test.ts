import { DEFAULT_ENTER_AFTER_MS, DEFAULT_LOST_AFTER_MS, type LocationState, PLACE_EXIT_MARGIN_M } from '@iot/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advanceLocation,
  type DeviceLocationNow,
  heardAgain,
  type PositionFix,
  positionFix,
  stepLocation,
} from './location-state.js';
import { buildPlaceIndex, type PlaceIndexRow } from './place-index.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 5, 8);
/** Metres per degree of latitude. */
const M = 111_195;

function placeRow(id: string, lat: number, lon: number, radius: number, group: Partial<PlaceIndexRow> = {}) {
  const dLat = radius / M;
  const dLon = radius / (M * Math.cos((lat * Math.PI) / 180));
  return {
    id,
    tenantPath: '/t/',
    businessPath: '/t/',
    name: `Place ${id}`,
    area: JSON.stringify({ kind: 'circle', center: { lat, lon }, radius }),
    minLat: lat - dLat,
    minLon: lon - dLon,
    maxLat: lat + dLat,
    maxLon: lon + dLon,
    forbidden: null,
    enterAfterMs: null,
    lostAfterMs: null,
    ...group,
  } satisfies PlaceIndexRow;
}

/** A depot of 200 m radius at 41.15, -8.61, and a forbidden yard 5 km north (entered at once). */
const places = buildPlaceIndex([
  placeRow('depot', 41.15, -8.61, 200),
  placeRow('yard', 41.15 + 5000 / M, -8.61, 100, { forbidden: 1, enterAfterMs: 0, lostAfterMs: DEFAULT_LOST_AFTER_MS }),
]);
const near = (point: { lat: number; lon: number }, margin: number) => places.near('/t/a/', point, margin);

const NEVER: DeviceLocationNow = { state: 'unavailable', placeId: null, since: null, track: null };
/** A position `north` metres north of the depot's centre, `minutes` after T0. */
const fix = (north: number, minutes: number, speedKmh: number | null = null): PositionFix => ({
  lat: 41.15 + north / M,
  lon: -8.61,
  date: T0 + minutes * MINUTE,
  accuracy: null,
  speedKmh,
});

function run(fixes: PositionFix[], from = NEVER) {
  return advanceLocation('d', from, fixes, near);
}
const states = (fixes: PositionFix[], from = NEVER) =>
  run(fixes, from).changes.map((change) => [change.state, change.place?.id ?? null, change.enteredAt]);

describe('location state steps', () => {
  it('a device arriving at a place is at it once it stayed the group time, from when it came inside', () => {
    const arriving = [fix(2000, 0, 40), fix(1000, 2, 40), fix(100, 4), fix(50, 5), fix(60, 4 + 2)];
    expect(states(arriving)).toEqual([
      ['inTransit', null, T0],
      ['atPoi', 'depot', T0 + 4 * MINUTE],
    ]);
    const { rows } = run(arriving);
    expect(rows.map((row) => [row.state, row.enteredAt, row.leftAt])).toEqual([
      ['inTransit', T0, T0 + 4 * MINUTE],
      ['atPoi', T0 + 4 * MINUTE, null],
    ]);
  });

  it('a short stay inside is no visit: the state it had stands', () => {
    expect(states([fix(2000, 0, 40), fix(0, 1, 20), fix(2000, 2, 40)])).toEqual([['inTransit', null, T0]]);
  });

  it('a device parked on the border does not flap while its positions stay within the exit band', () => {
    const parked = [fix(0, 0), fix(0, DEFAULT_ENTER_AFTER_MS / MINUTE)];
    for (let minute = 3; minute < 60; minute += 1) {
      // Inside the edge, then outside it by less than the exit margin, in turn.
      parked.push(fix(minute % 2 === 0 ? 195 : 200 + PLACE_EXIT_MARGIN_M - 5, minute));
    }
    expect(states(parked)).toEqual([
      ['atUnknownLocation', null, T0],
      ['atPoi', 'depot', T0],
    ]);
    // The first state only stood while entering: its row gives way to the place's.
    expect(run(parked).rows.map((row) => [row.state, row.leftAt])).toEqual([['atPoi', null]]);
  });

  it('leaving the band leaves the place: in transit when moving, at an unknown location when stopped', () => {
    const at = run([fix(0, 0), fix(0, 3)]).next;
    expect(states([fix(300, 4, 30)], at)).toEqual([['inTransit', null, T0 + 4 * MINUTE]]);
    expect(states([fix(300, 4, 0)], at)).toEqual([['atUnknownLocation', null, T0 + 4 * MINUTE]]);
    // Without a speed reading, the speed since the last position: 300 m in a minute is 18 km/h.
    expect(states([fix(300, 4)], at)).toEqual([['inTransit', null, T0 + 4 * MINUTE]]);
  });

  it("a network position's accuracy widens the band", () => {
    const at = run([fix(0, 0), fix(0, 3)]).next;
    const rough = { ...fix(300, 10), accuracy: 80 };
    expect(stepLocation(at, rough, near)?.change).toBeNull();
    expect(stepLocation(at, { ...rough, accuracy: 20 }, near)?.change?.state).toBe('atUnknownLocation');
  });

  it('a forbidden place is entered as such; a position older than the last taken is ignored', () => {
    const { next, changes } = run([fix(2000, 0, 50), fix(5000, 10, 5)]);
    expect(changes.at(-1)).toMatchObject({ state: 'atForbiddenPoi', place: { id: 'yard', name: 'Place yard' } });
    expect(stepLocation(next, fix(0, 5), near)).toBeNull();
    expect(stepLocation(next, fix(5000, 10), near)).toBeNull();
  });

  it('a lost device found inside the place it was at is at it again from then; one heard without a position is lost no more', () => {
    const at = run([fix(0, 0), fix(0, 3)]).next;
    const lost: DeviceLocationNow = { ...at, state: 'lost', placeId: null, since: T0 + 30 * 60 * MINUTE };
    expect(states([fix(10, 31 * 60)], lost)).toEqual([['atPoi', 'depot', T0 + 31 * 60 * MINUTE]]);
    expect(heardAgain('d', lost, T0 + 31 * 60 * MINUTE)?.next).toMatchObject({ state: 'atUnknownLocation' });
    // A message held back from before the sweep: not lost from when it was marked so.
    expect(heardAgain('d', lost, T0)?.row).toMatchObject({ state: 'atUnknownLocation', enteredAt: lost.since });
    expect(heardAgain('d', at, T0 + 31 * 60 * MINUTE)).toBeNull();
  });

  it('takes only valid positions', () => {
    expect(positionFix({ lat: 0, lon: 0 }, T0, null)).toBeNull();
    expect(positionFix({ lat: 91, lon: 0 }, T0, null)).toBeNull();
    expect(positionFix({ lat: Number.NaN, lon: 0 }, T0, null)).toBeNull();
    expect(positionFix({ lat: 41, lon: -8, accuracy: 30 }, T0, 12)).toEqual({
      lat: 41,
      lon: -8,
      date: T0,
      accuracy: 30,
      speedKmh: 12,
    });
  });

  it('considers the places of the level and its ancestors only', () => {
    const index = buildPlaceIndex([
      { ...placeRow('own', 41.15, -8.61, 200), businessPath: '/t/a/' },
      { ...placeRow('sibling', 41.15, -8.61, 200), businessPath: '/t/b/' },
      { ...placeRow('other', 41.15, -8.61, 200), tenantPath: '/u/', businessPath: '/u/' },
      placeRow('top', 41.15, -8.61, 200),
    ]);
    const ids = (path: string) =>
      index
        .near(path, { lat: 41.15, lon: -8.61 }, 50)
        .map((hit) => hit.place.id)
        .sort();
    expect(ids('/t/a/x/')).toEqual(['own', 'top']);
    expect(ids('/t/')).toEqual(['top']);
  });
});

const STATES_AT_PLACE: readonly LocationState[] = ['atPoi', 'atForbiddenPoi'];

describe('location state properties', () => {
  const track = fc.array(
    fc.record({
      north: fc.integer({ min: -400, max: 6000 }),
      minutes: fc.integer({ min: 1, max: 30 }),
      speed: fc.option(fc.integer({ min: 0, max: 120 })),
    }),
    { minLength: 1, maxLength: 40 },
  );
  const fixesOf = (steps: { north: number; minutes: number; speed: number | null }[]) => {
    let minutes = 0;
    return steps.map((step) => {
      minutes += step.minutes;
      return fix(step.north, minutes, step.speed);
    });
  };

  it('history rows follow one another: each closed where the next opens, the last one open, none flapping in place', () => {
    fc.assert(
      fc.property(track, (steps) => {
        const { rows, next } = run(fixesOf(steps));
        rows.forEach((row, index) => {
          const following = rows[index + 1];
          expect(row.leftAt).toBe(following ? following.enteredAt : null);
          if (following) expect(following.enteredAt).toBeGreaterThan(row.enteredAt);
          if (following) expect([following.state, following.placeId]).not.toEqual([row.state, row.placeId]);
          expect(STATES_AT_PLACE.includes(row.state)).toBe(row.placeId !== null);
        });
        if (rows.length > 0) expect(next).toMatchObject({ state: rows.at(-1)?.state, since: rows.at(-1)?.enteredAt });
      }),
    );
  });

  it('after the lost sweep, even positions held back from before it open states no earlier than it', () => {
    fc.assert(
      fc.property(track, track, fc.integer({ min: 0, max: 600 }), (before, after, sweptAfter) => {
        const first = run(fixesOf(before)).next;
        const since = (first.track?.date ?? T0) + sweptAfter * MINUTE;
        const lost: DeviceLocationNow = { ...first, state: 'lost', placeId: null, since };
        const later = fixesOf(after).map((late) => ({ ...late, date: late.date + (first.track?.date ?? T0) - T0 }));
        const { rows } = run(later, lost);
        let previous = since - 1;
        for (const row of rows) {
          expect(row.enteredAt).toBeGreaterThanOrEqual(since);
          expect(row.enteredAt).toBeGreaterThan(previous);
          previous = row.enteredAt;
        }
      }),
    );
  });

  it('positions given in any order end where the same positions in date order do', () => {
    fc.assert(
      fc.property(track, fc.infiniteStream(fc.double()), (steps, shuffle) => {
        const fixes = fixesOf(steps);
        const shuffled = [...fixes].sort(() => (shuffle.next().value < 0.5 ? -1 : 1));
        expect(run(shuffled).next).toEqual(run(fixes).next);
      }),
    );
  });

  it('a device jittering within the band of the place it is at stays at it', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -240, max: 240 }), { minLength: 1, maxLength: 60 }), (jitter) => {
        const at = run([fix(0, 0), fix(0, 3)]).next;
        const { changes, next } = run(
          jitter.map((north, index) => fix(north, 4 + index, 0)),
          at,
        );
        expect(changes).toEqual([]);
        expect(next).toMatchObject({ state: 'atPoi', placeId: 'depot' });
      }),
    );
  });
});
