import { fromLocalInput, toLocalInput } from './local-date-input';

const HOUR_MS = 60 * 60 * 1000;

/** The ranges the data tab offers up to now, by how far back they reach. */
export const RECENT_RANGES = { '24h': 24 * HOUR_MS, '7d': 7 * 24 * HOUR_MS, '30d': 30 * 24 * HOUR_MS } as const;
export type RecentRange = keyof typeof RECENT_RANGES;

/** A range of readings: one up to now (resolved when the readings are read), or fixed dates (epoch ms). */
export type ReadingRange = { kind: RecentRange } | { kind: 'custom'; from: number; to: number };

export const DEFAULT_READING_RANGE: ReadingRange = { kind: '24h' };

export function rangeBounds(range: ReadingRange, now: number): { from: number; to: number } {
  if (range.kind === 'custom') return { from: range.from, to: range.to };
  return { from: now - RECENT_RANGES[range.kind], to: now };
}

/** The choices of the range bar, in the order it shows them. */
export const RANGE_CHOICES = [...(Object.keys(RECENT_RANGES) as RecentRange[]), 'custom'] as const;
export type RangeChoice = (typeof RANGE_CHOICES)[number];

/** Custom dates as typed in `datetime-local` inputs. */
export interface RangeDates {
  from: string;
  to: string;
}

/**
 * The range bar: the choice it shows, the custom dates as typed, and the range the readings are read in. That is the
 * choice; but while the custom dates are incomplete or out of order it stays the last valid range, so what is shown
 * never changes to match dates that mean nothing.
 */
export interface RangeSelection {
  choice: RangeChoice;
  dates: RangeDates;
  applied: ReadingRange;
}

/** What is wrong with custom dates: a date missing, or the start not before the end. */
export type RangeDatesIssue = { missing: Array<keyof RangeDates> } | { outOfOrder: true };

export function rangeDatesIssue(dates: RangeDates): RangeDatesIssue | undefined {
  const from = fromLocalInput(dates.from);
  const to = fromLocalInput(dates.to);
  const missing = (['from', 'to'] as const).filter((field) => !Number.isFinite(field === 'from' ? from : to));
  if (missing.length > 0) return { missing };
  return from < to ? undefined : { outOfOrder: true };
}

/** The range two typed dates stand for; none while one is missing or the start is not before the end. */
export function customRangeOf(dates: RangeDates): ReadingRange | undefined {
  if (rangeDatesIssue(dates)) return undefined;
  return { kind: 'custom', from: fromLocalInput(dates.from), to: fromLocalInput(dates.to) };
}

const datesOf = (range: ReadingRange, now: number): RangeDates => {
  const { from, to } = rangeBounds(range, now);
  return { from: toLocalInput(from), to: toLocalInput(to) };
};

/** The bar as the tab opens: the last 24 hours, with those dates ready for a custom range. */
export function initialRangeSelection(now: number): RangeSelection {
  return {
    choice: DEFAULT_READING_RANGE.kind,
    dates: datesOf(DEFAULT_READING_RANGE, now),
    applied: DEFAULT_READING_RANGE,
  };
}

/**
 * A choice in the bar. Custom takes the dates typed before; were they left incomplete or out of order, it starts
 * again from the period shown, so choosing Custom always shows readings that match its dates.
 */
export function chooseRange(selection: RangeSelection, choice: RangeChoice, now: number): RangeSelection {
  if (choice !== 'custom') return { ...selection, choice, applied: { kind: choice } };
  const typed = customRangeOf(selection.dates);
  if (typed) return { ...selection, choice, applied: typed };
  const dates = datesOf(selection.applied, now);
  return { choice, dates, applied: customRangeOf(dates) ?? selection.applied };
}

/** Custom dates typed: they apply once both are there and in order; until then the last valid range stays. */
export function editRangeDates(selection: RangeSelection, dates: RangeDates): RangeSelection {
  return { ...selection, dates, applied: customRangeOf(dates) ?? selection.applied };
}

/** Whether the readings shown are of another range than the dates typed (they are still the last valid range's). */
export const isRangeHeldBack = (selection: RangeSelection) =>
  selection.choice === 'custom' && customRangeOf(selection.dates) === undefined;
