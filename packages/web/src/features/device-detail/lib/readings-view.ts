import type { ReadingsAnswer } from '@iot/shared';

type SignalAnswer = ReadingsAnswer['signals'][number];

/** One line of the readings table. */
export interface ReadingRow {
  date: number;
  signal: string;
  value: unknown;
}

/** The readings of every signal in one list, newest first, as the table shows them. */
export function readingRows(signals: readonly SignalAnswer[]): ReadingRow[] {
  return signals
    .flatMap((answer) =>
      answer.readings.map((reading) => ({ date: reading.date, signal: answer.signal, value: reading.value })),
    )
    .sort((a, b) => b.date - a.date);
}

/** A line of the chart: the numeric readings of one signal, oldest first, as `[date, value]` points. */
export function chartPoints(answer: SignalAnswer): [number, number][] {
  return answer.readings
    .filter((reading): reading is { date: number; value: number } => typeof reading.value === 'number')
    .map((reading): [number, number] => [reading.date, reading.value])
    .sort((a, b) => a[0] - b[0]);
}

/** What the answer says about each signal beyond its readings (SPEC section 8): cut at the limit, or empty. */
export type SignalNotice =
  | { kind: 'truncated'; signal: string; total: number; cutoff: number | null }
  | { kind: 'empty'; signal: string };

export function signalNotices(signals: readonly SignalAnswer[]): SignalNotice[] {
  return signals.flatMap((answer): SignalNotice[] => {
    if (answer.truncated)
      return [{ kind: 'truncated', signal: answer.signal, total: answer.total, cutoff: answer.cutoff }];
    if (answer.readings.length === 0) return [{ kind: 'empty', signal: answer.signal }];
    return [];
  });
}

/**
 * The chart's value axes: one per unit, in the order the signals come (signals without a unit share one), so a
 * temperature in °C and a humidity in % each keep their own scale instead of one flattening the other.
 * `axisOf[i]` is the axis of `signals[i]`.
 */
export function unitAxes(
  signals: readonly string[],
  unitOf: (signal: string) => string | undefined,
): { units: (string | undefined)[]; axisOf: number[] } {
  const units: (string | undefined)[] = [];
  const axisOf = signals.map((signal) => {
    const unit = unitOf(signal) || undefined;
    const index = units.indexOf(unit);
    if (index >= 0) return index;
    units.push(unit);
    return units.length - 1;
  });
  return { units, axisOf };
}
