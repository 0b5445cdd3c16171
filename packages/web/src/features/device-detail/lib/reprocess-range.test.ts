import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-date-input';
import { defaultReprocessInputs, reprocessDates } from './reprocess-range';

describe('the dates of a reprocessing', () => {
  it('start with the last 24 hours, to the minute, in local time', () => {
    const now = Date.UTC(2026, 2, 10, 12, 30, 45);
    const { from, to } = defaultReprocessInputs(now);
    expect(fromLocalInput(to)).toBe(Date.UTC(2026, 2, 10, 12, 30));
    expect(fromLocalInput(from)).toBe(Date.UTC(2026, 2, 9, 12, 30));
    expect(from).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  });

  it('go to the server as ISO date-times in UTC', () => {
    const from = toLocalInput(Date.UTC(2026, 0, 1, 8, 0));
    const to = toLocalInput(Date.UTC(2026, 0, 2, 8, 0));
    expect(reprocessDates(from, to)).toEqual({
      valid: true,
      startDate: '2026-01-01T08:00:00.000Z',
      endDate: '2026-01-02T08:00:00.000Z',
    });
  });

  it('may be the same instant, as the server allows', () => {
    const at = toLocalInput(Date.UTC(2026, 0, 1, 8, 0));
    expect(reprocessDates(at, at).valid).toBe(true);
  });

  it('refuse an end before the start, with the server’s code', () => {
    const from = toLocalInput(Date.UTC(2026, 0, 2, 8, 0));
    const to = toLocalInput(Date.UTC(2026, 0, 1, 8, 0));
    expect(reprocessDates(from, to)).toEqual({ valid: false, error: 'validation.date_range' });
  });

  it('wait, without an error, while a date is missing', () => {
    const at = toLocalInput(Date.UTC(2026, 0, 1, 8, 0));
    expect(reprocessDates('', at)).toEqual({ valid: false });
    expect(reprocessDates(at, '')).toEqual({ valid: false });
  });
});
