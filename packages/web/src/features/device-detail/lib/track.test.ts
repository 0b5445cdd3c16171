import type { DeviceTypeInfo } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { testTrackerType } from '@/testing/device';
import { distanceKm, thinTrack, trackOf, trackSignalOf } from './track';

const tracker = testTrackerType;

describe('a device track', () => {
  it('keeps the positions among the readings, oldest first', () => {
    const track = trackOf([
      { date: 3_000, value: { lat: 41.2, lon: -8.6 } },
      { date: 2_000, value: 'no fix' },
      { date: 1_000, value: { lat: 41.1, lon: -8.5, alt: 90 } },
    ]);
    expect(track).toEqual([
      { lat: 41.1, lon: -8.5, date: 1_000 },
      { lat: 41.2, lon: -8.6, date: 3_000 },
    ]);
  });

  it("is drawn from the type's position signal, or from none when the type measures no position", () => {
    expect(trackSignalOf({ signalValues: {} }, tracker)?.key).toBe('position');
    const sensor = { ...tracker, signals: tracker.signals.filter((signal) => signal.valueType === 'number') };
    expect(trackSignalOf({ signalValues: {} }, sensor)).toBeUndefined();
    expect(trackSignalOf({ signalValues: {} }, undefined)).toBeUndefined();
  });

  it('follows the channel of a per-channel position heard from last', () => {
    const lpp: DeviceTypeInfo = {
      ...tracker,
      signals: [
        { key: 'gps', name: 'GPS location', kind: 'value', valueType: 'position', perChannel: true, showInList: true },
      ],
    };
    const signalValues = {
      gps_1: { value: { lat: 1, lon: 1 }, date: '2026-11-20T10:00:00.000Z' },
      gps_2: { value: { lat: 2, lon: 2 }, date: '2026-11-24T10:00:00.000Z' },
    };
    expect(trackSignalOf({ signalValues }, lpp)?.key).toBe('gps_2');
  });

  it('thins a dense track to points a map can tell apart, keeping its ends, with the speed between kept points', () => {
    // 1000 positions a minute apart along a meridian, 10 m from each other: 0.6 km/h.
    const dense = Array.from({ length: 1000 }, (_, index) => ({
      lat: 41 + index * 0.00009,
      lon: -8.6,
      date: index * 60_000,
    }));
    const thinned = thinTrack(dense, 100);
    expect(thinned.length).toBeLessThanOrEqual(101);
    expect(thinned.length).toBeGreaterThan(50);
    expect(thinned[0]).toEqual({ ...dense[0], speed: undefined });
    expect(thinned.at(-1)?.date).toBe(dense.at(-1)?.date);
    expect(thinned[1]?.speed).toBeCloseTo(0.6, 1);
    expect(distanceKm({ lat: 41, lon: -8.6, date: 0 }, { lat: 41.00009, lon: -8.6, date: 0 })).toBeCloseTo(0.01, 3);
    // A sparse track is drawn whole.
    expect(thinTrack(dense.slice(0, 5), 100)).toHaveLength(5);
    expect(thinTrack([])).toEqual([]);
  });
});
