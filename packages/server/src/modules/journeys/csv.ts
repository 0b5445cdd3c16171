import { csvLine, type JourneySummary, type Language, translate } from '@iot/shared';

const minutes = (ms: number) => Math.round(ms / 6_000) / 10;
const kilometres = (metres: number) => Math.round(metres) / 1000;

/**
 * A journey's legs and stops as CSV, in the order they happened, its header in the caller's language: one line a
 * leg (where and when it started and ended, its distance and top speed) or stop (where, at which place, how long).
 * Comma-separated with a dot for decimals whatever the language, as the other exports; cells defused by `csvLine`.
 */
export function journeyCsv(summary: JourneySummary, language: Language): string {
  const word = (code: Parameters<typeof translate>[0]) => translate(code, language);
  const header = csvLine(
    (
      [
        'journey.csv.kind',
        'journey.csv.start',
        'journey.csv.end',
        'journey.csv.duration',
        'journey.csv.place',
        'journey.csv.start_lat',
        'journey.csv.start_lon',
        'journey.csv.end_lat',
        'journey.csv.end_lon',
        'journey.csv.distance',
        'journey.csv.top_speed',
      ] as const
    ).map(word),
  );
  const legs = summary.legs.map((leg) => ({
    at: leg.from.date,
    cells: [
      word('journey.csv.leg'),
      leg.from.date,
      leg.to.date,
      minutes(leg.durationMs),
      '',
      leg.from.lat,
      leg.from.lon,
      leg.to.lat,
      leg.to.lon,
      kilometres(leg.distanceM),
      leg.topSpeedKmh,
    ],
  }));
  const stops = summary.stops.map((stop) => ({
    at: stop.arrivedAt,
    cells: [
      word('journey.csv.stop'),
      stop.arrivedAt,
      stop.leftAt ?? '',
      minutes(stop.durationMs),
      stop.place?.name ?? '',
      stop.lat,
      stop.lon,
      stop.lat,
      stop.lon,
      '',
      '',
    ],
  }));
  // ISO dates of one format sort as text; each leg and stop starts at its own time.
  const lines = [...legs, ...stops].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return header + lines.map((line) => csvLine(line.cells)).join('');
}
