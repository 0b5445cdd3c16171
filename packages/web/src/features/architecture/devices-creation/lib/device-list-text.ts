/** One device of a pasted list: its network id and, when given, its description. */
export interface PastedDevice {
  networkId: string;
  description: string | null;
}

/** The most devices one creation takes (the server's limit). */
export const MAX_DEVICES_PER_CREATION = 10_000;

export type DeviceListParse =
  /** `lines`: the line of the text (1-based) each device comes from, to say where the server found one wrong. */
  | { ok: true; devices: PastedDevice[]; lines: number[] }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: 'tooMany'; max: number }
  /** `line` is 1-based, as the text area shows the lines. */
  | { ok: false; reason: 'noNetworkId'; line: number };

/**
 * A pasted list, one device a line: the network id, then optionally a separator (comma, semicolon or tab, as copied
 * from a spreadsheet) and the description, which may itself hold commas. Blank lines are skipped.
 */
export function parseDeviceList(text: string): DeviceListParse {
  const devices: PastedDevice[] = [];
  const devicesLines: number[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (!line.trim()) continue;
    const separator = line.search(/[,;\t]/);
    const networkId = (separator < 0 ? line : line.slice(0, separator)).trim();
    const description = separator < 0 ? '' : line.slice(separator + 1).trim();
    if (!networkId) return { ok: false, reason: 'noNetworkId', line: index + 1 };
    devices.push({ networkId, description: description || null });
    devicesLines.push(index + 1);
  }
  if (devices.length === 0) return { ok: false, reason: 'empty' };
  if (devices.length > MAX_DEVICES_PER_CREATION) return { ok: false, reason: 'tooMany', max: MAX_DEVICES_PER_CREATION };
  return { ok: true, devices, lines: devicesLines };
}

/** A pasted line the server refused: its 1-based line in the text and the server's message code. */
export interface LineError {
  line: number;
  code: string;
}

/**
 * The server's field errors about pasted devices (`devices.3.networkId`), each at the line of the text it came from,
 * in line order, one per line; `others` keeps the field errors that are not about one device.
 */
export function lineErrorsOf(
  fields: Record<string, string>,
  lines: readonly number[],
): { lines: LineError[]; others: Record<string, string> } {
  const byLine = new Map<number, string>();
  const others: Record<string, string> = {};
  for (const [name, code] of Object.entries(fields)) {
    const device = /^devices\.(\d+)\./.exec(name);
    if (!device) {
      others[name] = code;
      continue;
    }
    const index = Number(device[1]);
    const line = lines[index] ?? index + 1;
    if (!byLine.has(line)) byLine.set(line, code);
  }
  const found = [...byLine].map(([line, code]) => ({ line, code })).sort((a, b) => a.line - b.line);
  return { lines: found, others };
}
