import type { DeviceTypeInfo } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { testTrackerType } from '@/testing/device';
import { trackOf, trackSignalOf } from './track';

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
});
