import { describe, expect, it } from 'vitest';
import { dwellParts, shortMoment } from './location-text';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

describe('dwellParts', () => {
  it('keeps the two largest units, rounded down', () => {
    expect(dwellParts(0)).toEqual({ unit: 'underMinute' });
    expect(dwellParts(59_999)).toEqual({ unit: 'underMinute' });
    expect(dwellParts(MINUTE_MS)).toEqual({ unit: 'minutes', minutes: 1 });
    expect(dwellParts(59 * MINUTE_MS + 59_999)).toEqual({ unit: 'minutes', minutes: 59 });
    expect(dwellParts(HOUR_MS)).toEqual({ unit: 'hours', hours: 1, minutes: 0 });
    expect(dwellParts(23 * HOUR_MS + 59 * MINUTE_MS + 59_999)).toEqual({ unit: 'hours', hours: 23, minutes: 59 });
    expect(dwellParts(2 * 24 * HOUR_MS + 3 * HOUR_MS + 59 * MINUTE_MS)).toEqual({ unit: 'days', days: 2, hours: 3 });
  });

  it('takes a negative dwell (clocks apart) as none', () => {
    expect(dwellParts(-5 * MINUTE_MS)).toEqual({ unit: 'underMinute' });
  });
});

describe('shortMoment', () => {
  const now = new Date(2026, 10, 28, 15, 0).getTime();

  it('says the time alone today, the day and time this year, the year too before', () => {
    expect(shortMoment(new Date(2026, 10, 28, 9, 5).toISOString(), 'en-GB', now)).toBe('09:05');
    expect(shortMoment(new Date(2026, 10, 26, 14, 5).toISOString(), 'en-GB', now)).toBe('26 Nov, 14:05');
    expect(shortMoment(new Date(2025, 11, 31, 23, 59).toISOString(), 'en-GB', now)).toBe('31 Dec 2025, 23:59');
  });

  it('words the day in the locale', () => {
    expect(shortMoment(new Date(2026, 10, 26, 14, 5).toISOString(), 'pt-PT', now)).toBe('26/11, 14:05');
  });
});
