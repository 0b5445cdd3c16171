import { areaContains, DEFAULT_ENTER_AFTER_MS, type LatLon, PLACE_EXIT_MARGIN_M } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { DEMO_PLACE_GROUPS, DEMO_PLACES } from './seed-places.js';
import { gpsTrackerModel } from './simulator/gps-tracker-frames.js';
import { seededRandom } from './simulator/random.js';

const MINUTE_MS = 60_000;

/** A day of a simulated van's positions, a minute apart, from where the demo seeds it. */
function dayOfVan(deviceId: string, start: LatLon) {
  const now = Date.parse('2026-01-05T08:00:00Z');
  const van = gpsTrackerModel({
    deviceId,
    latest: { position: { value: start, date: now }, moving: { value: true, date: now } },
    random: seededRandom(7),
    now,
  });
  const positions: (LatLon & { at: number })[] = [];
  for (let at = now; at < now + 24 * 60 * MINUTE_MS; at += MINUTE_MS) {
    const { bytes } = van.next(at, 0);
    if (bytes[0] !== 0x01) continue;
    const view = new DataView(bytes.buffer);
    positions.push({ lat: view.getInt32(1) / 1e7, lon: view.getInt32(5) / 1e7, at });
  }
  return positions;
}

describe('demo places', () => {
  // The demo's Lisbon vans, as `seed-devices.ts` places them (one each way round the loop, by their ids' hashes).
  const days = [dayOfVan('van-a', { lat: 38.7223, lon: -9.1393 }), dayOfVan('van-b', { lat: 38.7369, lon: -9.1427 })];

  it('puts every place but the restricted one on the vans’ route, so they enter and stay long enough to be at it', () => {
    for (const place of DEMO_PLACES.filter((demo) => demo.group !== 'Restricted areas')) {
      const longest = Math.max(
        ...days.map((positions) => {
          let best = 0;
          let since: number | undefined;
          for (const position of positions) {
            if (areaContains(place.area, position)) {
              since ??= position.at;
              best = Math.max(best, position.at - since);
            } else since = undefined;
          }
          return best;
        }),
      );
      expect(longest, place.name).toBeGreaterThanOrEqual(DEFAULT_ENTER_AFTER_MS);
    }
  });

  it('keeps the restricted place near the route, never on it', () => {
    const restricted = DEMO_PLACES.filter((place) => place.group === 'Restricted areas');
    expect(restricted).toHaveLength(1);
    const [zone] = restricted;
    for (const positions of days) {
      expect(positions.some((position) => zone && areaContains(zone.area, position, PLACE_EXIT_MARGIN_M))).toBe(false);
      expect(positions.some((position) => zone && areaContains(zone.area, position, 1_000))).toBe(true);
    }
  });

  it('has a depot group and a forbidden group, each place in one of them or in none', () => {
    expect(DEMO_PLACE_GROUPS.map((group) => [group.name, group.forbidden, group.enterAfterMs])).toEqual([
      ['Depots', false, 2 * MINUTE_MS],
      ['Restricted areas', true, 0],
    ]);
    expect(DEMO_PLACES.length).toBeGreaterThanOrEqual(5);
    expect(DEMO_PLACES.length).toBeLessThanOrEqual(8);
    const names = new Set(DEMO_PLACE_GROUPS.map((group) => group.name));
    for (const place of DEMO_PLACES) expect(place.group === null || names.has(place.group), place.name).toBe(true);
    expect(DEMO_PLACES.some((place) => place.area.kind === 'polygon')).toBe(true);
  });
});
