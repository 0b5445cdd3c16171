/**
 * Characters that make a spreadsheet read a cell as a formula (or a DDE command) when the cell starts with them; a
 * leading tab or carriage return is dropped by some spreadsheets on import, uncovering the formula behind it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell, safe to open in a spreadsheet: text starting like a formula gets a leading single quote so it stays
 * text (CSV injection), and a cell holding a comma, quote or line break is quoted with its quotes doubled (RFC 4180).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const defused = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(defused) ? `"${defused.replaceAll('"', '""')}"` : defused;
}

/** A CSV line of cells, ended the way RFC 4180 ends lines. */
export const csvLine = (cells: readonly (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;
