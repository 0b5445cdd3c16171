import { parse } from 'csv-parse/sync';
import { AppError } from '../../http/app-error.js';

/** One line of a creation import: "Device ID, Network ID, optional Description". */
export interface CreationLine {
  deviceId: string;
  networkId: string;
  description: string | null;
}

/** One line of a batch move/rename: "Device ID, Description". */
export interface RenameLine {
  deviceId: string;
  description: string;
}

const HEADER_FIRST_CELL = 'device id';

/** What the CSV parser's error tells of where it stopped. */
interface CsvParseError {
  code?: string;
  /** The line the parser stopped on. */
  lines?: number;
  /** Where the record being read began, near enough: before its opening quote on the same line. */
  bytes?: number;
}

/**
 * The line to name for a file that does not parse. A quote left open makes the parser read to the end of the file,
 * so the line it stopped on is the last one: the line to fix is where that quote opened.
 */
function failedLine(text: string, error: CsvParseError): number {
  if (error.code !== 'CSV_QUOTE_NOT_CLOSED' || error.bytes === undefined) return error.lines ?? 1;
  let start = error.bytes;
  while (text[start] === '\r' || text[start] === '\n') start++;
  return (text.slice(0, start).match(/\n/g)?.length ?? 0) + 1;
}

/**
 * The CSV's records with the line each starts on (1-based, as a spreadsheet numbers them), without a header line and
 * blank lines. Separators `,` or `;` (spreadsheets in Portuguese write `;`), quotes as RFC 4180. A file that does not
 * parse is wrong at the line where parsing stopped (`failedLine`).
 */
function records(file: string): { line: number; cells: string[] }[] {
  const text = file.replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with where it was read; the library's types do not follow that option.
    rows = parse(text, {
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as typeof rows;
  } catch (error) {
    throw invalidAt(failedLine(text, error as CsvParseError));
  }
  const all = rows.map(({ record, info }) => ({ line: info.lines, cells: record }));
  const [first] = all;
  return first && first.cells[0]?.toLowerCase() === HEADER_FIRST_CELL ? all.slice(1) : all;
}

export const invalidAt = (line: number) => new AppError('device.csv_invalid', { line });

/**
 * A creation import, all lines checked before anything is created: two or three cells, a device id, and a network id
 * that `isNetworkId` accepts. The first wrong line refuses the whole file.
 */
export function parseCreationCsv(text: string, isNetworkId: (id: string) => boolean): CreationLine[] {
  const lines = records(text);
  if (lines.length === 0) throw invalidAt(1);
  return lines.map(({ line, cells }) => {
    const [deviceId = '', networkId = '', description = ''] = cells;
    if (cells.length < 2 || cells.length > 3 || !deviceId || !networkId || !isNetworkId(networkId))
      throw invalidAt(line);
    if (deviceId.length > 100 || description.length > 200) throw invalidAt(line);
    return { deviceId, networkId, description: description || null };
  });
}

/** A batch move/rename: exactly two cells, a device id and a description. */
export function parseRenameCsv(text: string): RenameLine[] {
  const lines = records(text);
  if (lines.length === 0) throw invalidAt(1);
  return lines.map(({ line, cells }) => {
    const [deviceId = '', description = ''] = cells;
    if (cells.length !== 2 || !deviceId || !description || description.length > 200) throw invalidAt(line);
    return { deviceId, description };
  });
}
