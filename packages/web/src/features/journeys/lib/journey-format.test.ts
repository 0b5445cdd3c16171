import { describe, expect, it } from 'vitest';
import { formatDistance, formatDuration, formatSpeed } from './journey-format';

describe('the figures of a journey', () => {
  it('words distances in metres under a kilometre, else in kilometres', () => {
    expect(formatDistance(0, 'en-GB')).toBe('0 m');
    expect(formatDistance(849.6, 'en-GB')).toBe('850 m');
    expect(formatDistance(12_345, 'en-GB')).toBe('12.3 km');
    expect(formatDistance(12_345, 'pt-PT')).toBe('12,3 km');
    expect(formatDistance(254_700, 'en-GB')).toBe('255 km');
  });

  it('words speeds with a decimal only when slow', () => {
    expect(formatSpeed(4.25, 'pt-PT')).toBe('4,3 km/h');
    expect(formatSpeed(87.6, 'en-GB')).toBe('88 km/h');
  });

  it('words durations in hours and minutes, minutes alone under an hour, seconds under a minute', () => {
    expect(formatDuration(42_000, 'en-GB')).toBe('42 s');
    expect(formatDuration(5 * 60_000 + 20_000, 'en-GB')).toBe('5 min');
    expect(formatDuration(2 * 3_600_000 + 5 * 60_000, 'en-GB')).toBe('2 h 05 min');
    expect(formatDuration(3_600_000 - 20_000, 'en-GB')).toBe('1 h 00 min');
    expect(formatDuration(-5, 'en-GB')).toBe('0 s');
  });
});
