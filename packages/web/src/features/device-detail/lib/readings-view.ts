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

/** How a chart's value axis spans: its unit's natural range where it has one, else the readings' own. */
export type AxisRange = { min: number; max: number; interval?: number } | 'readings';

/** Percentages fill 0-100 and headings a turn; other units follow their readings. */
export function axisRangeOf(unit: string | undefined): AxisRange {
  if (unit === '%') return { min: 0, max: 100 };
  if (unit === '°') return { min: 0, max: 360, interval: 90 };
  return 'readings';
}

/** A signal the chart draws: numbers as a line on their unit's axis, on/off flags as a band of their own. */
export interface ChartedSignal {
  signal: string;
  unit: string | undefined;
  onOff: boolean;
}

/**
 * One of the charts stacked under each other over the same time axis: up to two units of numbers (the first on the
 * left axis, the second on the right) or one on/off flag. `signals` are indexes into the list charted.
 */
export type ChartPanel =
  | { kind: 'numbers'; units: (string | undefined)[]; signals: { index: number; axis: number }[] }
  | { kind: 'onOff'; signals: { index: number; axis: 0 }[] };

/** More units than this on one chart and no axis can be read: the rest go to charts of their own. */
export const UNITS_PER_CHART = 2;

/**
 * The charts for the signals chosen, in the order the signals come: their units two by two (signals of one unit share
 * its axis, signals without a unit count as one unit), then a band per on/off flag.
 */
export function chartPanels(signals: readonly ChartedSignal[]): ChartPanel[] {
  const units: (string | undefined)[] = [];
  const unitOfSignal = signals.map((charted) => {
    if (charted.onOff) return -1;
    const unit = charted.unit || undefined;
    if (!units.includes(unit)) units.push(unit);
    return units.indexOf(unit);
  });
  const panels: ChartPanel[] = [];
  for (let first = 0; first < units.length; first += UNITS_PER_CHART) {
    const panelUnits = units.slice(first, first + UNITS_PER_CHART);
    panels.push({
      kind: 'numbers',
      units: panelUnits,
      signals: unitOfSignal.flatMap((unit, index) =>
        unit >= first && unit < first + UNITS_PER_CHART ? [{ index, axis: unit - first }] : [],
      ),
    });
  }
  signals.forEach((charted, index) => {
    if (charted.onOff) panels.push({ kind: 'onOff', signals: [{ index, axis: 0 }] });
  });
  return panels;
}

/** An on/off flag as the chart draws it: 1 while on, 0 while off, held until the next reading. */
export function onOffPoints(answer: SignalAnswer): [number, number][] {
  return answer.readings
    .filter((reading): reading is { date: number; value: boolean } => typeof reading.value === 'boolean')
    .map((reading): [number, number] => [reading.date, reading.value ? 1 : 0])
    .sort((a, b) => a[0] - b[0]);
}
