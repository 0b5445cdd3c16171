import { fromLocalInput, toLocalInput } from './local-date-input';
import { RECENT_RANGES } from './reading-range';

/** The dates the reprocess dialog starts with, as `datetime-local` texts: the last 24 hours. */
export function defaultReprocessInputs(now: number): { from: string; to: string } {
  return { from: toLocalInput(now - RECENT_RANGES['24h']), to: toLocalInput(now) };
}

export type ReprocessDates =
  | { valid: true; startDate: string; endDate: string }
  | { valid: false; error?: 'validation.date_range' };

/**
 * The two `datetime-local` texts as the server takes them (ISO date-times in UTC), or why not: a date missing (no
 * error shown, the button just waits), or the end before the start (as the server refuses it, on the end field).
 */
export function reprocessDates(from: string, to: string): ReprocessDates {
  const start = fromLocalInput(from);
  const end = fromLocalInput(to);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return { valid: false };
  if (end < start) return { valid: false, error: 'validation.date_range' };
  return { valid: true, startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString() };
}
