/** One device of a pasted list: its network id and, when given, its description. */
export interface PastedDevice {
  networkId: string;
  description: string | null;
}

/** The most devices one creation takes (the server's limit). */
export const MAX_DEVICES_PER_CREATION = 10_000;

export type DeviceListParse =
  | { ok: true; devices: PastedDevice[] }
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
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (!line.trim()) continue;
    const separator = line.search(/[,;\t]/);
    const networkId = (separator < 0 ? line : line.slice(0, separator)).trim();
    const description = separator < 0 ? '' : line.slice(separator + 1).trim();
    if (!networkId) return { ok: false, reason: 'noNetworkId', line: index + 1 };
    devices.push({ networkId, description: description || null });
  }
  if (devices.length === 0) return { ok: false, reason: 'empty' };
  if (devices.length > MAX_DEVICES_PER_CREATION) return { ok: false, reason: 'tooMany', max: MAX_DEVICES_PER_CREATION };
  return { ok: true, devices };
}
