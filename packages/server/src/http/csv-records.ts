import { parse } from 'csv-parse/sync';

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
 * An uploaded CSV's records, each with the line it starts on (1-based, as a spreadsheet numbers them), blank lines
 * left out and cells trimmed. Separators `,` or `;` (spreadsheets in Portuguese write `;`), quotes as RFC 4180. A
 * file that does not parse is refused with `invalidAt` the line where parsing stopped (SPEC section 5's error).
 */
export function csvRecords(file: string, invalidAt: (line: number) => Error): { line: number; cells: string[] }[] {
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
  return rows.map(({ record, info }) => ({ line: info.lines, cells: record }));
}
