import { type Asset, csvLine } from '@iot/shared';
import { AppError } from '../../http/app-error.js';
import { csvRecords } from '../../http/csv-records.js';

/** The columns before the asset type's fields, in the export and as the import reads them (case-insensitively). */
export const FIXED_COLUMNS = { description: 'Description', assetType: 'Asset type', device: 'Device' } as const;

/** One line of an asset import: its line in the file (1-based), its description, device and values by field name. */
export interface AssetCsvLine {
  line: number;
  description: string;
  device: string;
  values: Record<string, string>;
}

/**
 * A cell as it was before the export defused it (`csvCell`): the single quote put before a leading `=`, `+`, `-`,
 * `@`, tab or carriage return goes, so that a negative number exported reads back as the number.
 */
const undefused = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

export const invalidAt = (line: number) => new AppError('asset.csv_invalid', { line });

/**
 * An asset import (SPEC section 5's line-numbered error for a malformed file): a header line naming the columns, a
 * `Description` column, optionally `Asset type` (read from the call, not the file) and `Device` (a device uuid to
 * link), and the asset type's fields by name; then one asset a line, read by `csvRecords`. A file that does not parse, a header
 * naming a column twice, a column the type does not have, or a line with more cells than the header is wrong at that line.
 */
export function parseAssetCsv(file: string, fieldNames: readonly string[]): AssetCsvLine[] {
  const [header, ...lines] = csvRecords(file, invalidAt);
  if (!header) throw invalidAt(1);
  const fixed = new Map(Object.entries(FIXED_COLUMNS).map(([key, label]) => [label.toLowerCase(), key]));
  const known = new Set(fieldNames);
  const seen = new Set<string>();
  const columns = header.cells.map((name) => {
    const column = fixed.get(name.toLowerCase()) ?? (known.has(name) ? `field:${name}` : undefined);
    if (!column || seen.has(column)) throw invalidAt(header.line);
    seen.add(column);
    return column;
  });
  if (!seen.has('description')) throw invalidAt(header.line);
  return lines.map(({ line, cells }) => {
    if (cells.length > columns.length) throw invalidAt(line);
    const parsed: AssetCsvLine = { line, description: '', device: '', values: {} };
    cells.forEach((written, index) => {
      const cell = undefused(written);
      const column = columns[index] ?? '';
      if (column === 'description') parsed.description = cell;
      else if (column === 'device') parsed.device = cell;
      else if (column.startsWith('field:') && cell !== '') parsed.values[column.slice('field:'.length)] = cell;
    });
    return parsed;
  });
}

/**
 * The header of an asset export: the fixed columns, then the fields of the assets' types, the union of their names
 * in the order they first come when the assets are of several types.
 */
export function assetCsvFieldNames(assets: readonly Asset[]): string[] {
  const names = new Set<string>();
  for (const asset of assets) for (const field of asset.fields) names.add(field.name);
  return [...names];
}

/** The export: a header line, then one line an asset, every cell defused for spreadsheets (`csvLine`). */
export function assetCsv(assets: readonly Asset[]): string {
  const fieldNames = assetCsvFieldNames(assets);
  const header = csvLine([FIXED_COLUMNS.description, FIXED_COLUMNS.assetType, FIXED_COLUMNS.device, ...fieldNames]);
  const lines = assets.map((asset) => {
    const values = new Map(asset.fields.map((field) => [field.name, field.value]));
    return csvLine([
      asset.description,
      asset.assetType.name,
      asset.device?.uuid ?? '',
      ...fieldNames.map((name) => values.get(name) ?? ''),
    ]);
  });
  return header + lines.join('');
}
