import { describe, expect, it } from 'vitest';
import { isRecentSignal, linkQuality, RECENT_SIGNAL_MS } from './ingest.js';

describe('linkQuality', () => {
  it('is unavailable without an RSSI', () => {
    for (const network of ['lora', 'sigfox', 'ip'] as const) {
      expect(linkQuality(network, undefined)).toBe('UNAVAILABLE');
      expect(linkQuality(network, { snr: 5 })).toBe('UNAVAILABLE');
    }
  });

  it('rates LoRa by the best gateway’s SNR and RSSI', () => {
    expect(linkQuality('lora', { rssi: -105, snr: 0 })).toBe('GOOD');
    expect(linkQuality('lora', { rssi: -106, snr: 8 })).toBe('MEDIUM');
    expect(linkQuality('lora', { rssi: -90, snr: -0.5 })).toBe('MEDIUM');
    expect(linkQuality('lora', { rssi: -120, snr: -10 })).toBe('MEDIUM');
    expect(linkQuality('lora', { rssi: -121, snr: 2 })).toBe('BAD');
    expect(linkQuality('lora', { rssi: -100, snr: -11 })).toBe('BAD');
  });

  it('rates Sigfox by RSSI and, when the callback counts them, the base stations that heard it', () => {
    expect(linkQuality('sigfox', { rssi: -110 })).toBe('GOOD');
    expect(linkQuality('sigfox', { rssi: -100, receivers: 3 })).toBe('GOOD');
    expect(linkQuality('sigfox', { rssi: -100, receivers: 2 })).toBe('MEDIUM');
    expect(linkQuality('sigfox', { rssi: -111 })).toBe('MEDIUM');
    expect(linkQuality('sigfox', { rssi: -125 })).toBe('MEDIUM');
    expect(linkQuality('sigfox', { rssi: -126 })).toBe('BAD');
  });

  it('rates Wi-Fi and cellular by the RSSI the device reports', () => {
    expect(linkQuality('ip', { rssi: -70 })).toBe('GOOD');
    expect(linkQuality('ip', { rssi: -71 })).toBe('MEDIUM');
    expect(linkQuality('ip', { rssi: -85 })).toBe('MEDIUM');
    expect(linkQuality('ip', { rssi: -86 })).toBe('BAD');
  });
});

describe('isRecentSignal', () => {
  const now = Date.parse('2026-11-22T10:00:00.000Z');

  it('counts a signal as recent up to 24 hours old, and not a moment later', () => {
    expect(RECENT_SIGNAL_MS).toBe(24 * 3_600_000);
    expect(isRecentSignal('2026-11-22T09:59:00.000Z', now)).toBe(true);
    expect(isRecentSignal('2026-11-21T10:00:00.000Z', now)).toBe(true);
    expect(isRecentSignal('2026-11-21T09:59:59.999Z', now)).toBe(false);
    expect(isRecentSignal('2026-10-01T00:00:00.000Z', now)).toBe(false);
  });

  it('counts a date ahead of the clock (a device whose clock runs fast) as recent', () => {
    expect(isRecentSignal('2026-11-22T10:05:00.000Z', now)).toBe(true);
  });
});
