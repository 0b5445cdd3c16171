import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-date-input';
import {
  chooseRange,
  editRangeDates,
  initialRangeSelection,
  isRangeHeldBack,
  RECENT_RANGES,
  rangeDatesIssue,
} from './reading-range';

const now = Date.UTC(2026, 2, 10, 12, 30);
const at = (day: number, hour = 12) => toLocalInput(Date.UTC(2026, 2, day, hour, 0));

describe('the range of the data tab', () => {
  it('opens on the last 24 hours, with those dates ready for a custom range', () => {
    const selection = initialRangeSelection(now);
    expect(selection.choice).toBe('24h');
    expect(selection.applied).toEqual({ kind: '24h' });
    expect(fromLocalInput(selection.dates.to) - fromLocalInput(selection.dates.from)).toBe(RECENT_RANGES['24h']);
  });

  it('applies custom dates once both are there and in order', () => {
    const custom = chooseRange(initialRangeSelection(now), 'custom', now);
    const edited = editRangeDates(custom, { from: at(1), to: at(2) });
    expect(edited.applied).toEqual({ kind: 'custom', from: fromLocalInput(at(1)), to: fromLocalInput(at(2)) });
    expect(isRangeHeldBack(edited)).toBe(false);
  });

  it('keeps the last valid range while the dates are out of order or incomplete, and says it does', () => {
    const valid = editRangeDates(chooseRange(initialRangeSelection(now), 'custom', now), { from: at(1), to: at(2) });
    const inverted = editRangeDates(valid, { from: at(1), to: at(1, 8) });
    expect(inverted.applied).toEqual(valid.applied);
    expect(inverted.dates).toEqual({ from: at(1), to: at(1, 8) });
    expect(isRangeHeldBack(inverted)).toBe(true);
    expect(rangeDatesIssue(inverted.dates)).toEqual({ outOfOrder: true });

    const cleared = editRangeDates(valid, { from: '', to: at(2) });
    expect(cleared.applied).toEqual(valid.applied);
    expect(rangeDatesIssue(cleared.dates)).toEqual({ missing: ['from'] });
    expect(rangeDatesIssue({ from: at(1), to: at(1) })).toEqual({ outOfOrder: true });
  });

  it('holds nothing back on a recent range, whatever dates were left typed', () => {
    const inverted = editRangeDates(chooseRange(initialRangeSelection(now), 'custom', now), { from: at(3), to: at(2) });
    const week = chooseRange(inverted, '7d', now);
    expect(week.applied).toEqual({ kind: '7d' });
    expect(isRangeHeldBack(week)).toBe(false);
  });

  it('starts Custom again from the period shown when the dates typed before were out of order', () => {
    const inverted = editRangeDates(chooseRange(initialRangeSelection(now), 'custom', now), { from: at(3), to: at(2) });
    const custom = chooseRange(chooseRange(inverted, '7d', now), 'custom', now);
    expect(isRangeHeldBack(custom)).toBe(false);
    expect(custom.dates).toEqual({ from: toLocalInput(now - RECENT_RANGES['7d']), to: toLocalInput(now) });
    expect(custom.applied).toEqual({
      kind: 'custom',
      from: fromLocalInput(custom.dates.from),
      to: fromLocalInput(custom.dates.to),
    });
  });

  it('takes back the dates typed before when they were valid', () => {
    const valid = editRangeDates(chooseRange(initialRangeSelection(now), 'custom', now), { from: at(1), to: at(2) });
    const again = chooseRange(chooseRange(valid, '30d', now), 'custom', now);
    expect(again.applied).toEqual(valid.applied);
  });
});
