import { AppError } from '../../http/app-error.js';
import { csvRecords } from '../../http/csv-records.js';

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

/** The CSV's records with their lines (`csvRecords`), without a header line. */
function records(file: string): { line: number; cells: string[] }[] {
  const all = csvRecords(file, invalidAt);
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
