import { describe, expect, it } from 'vitest';
import { MAX_DEVICES_PER_CREATION, parseDeviceList } from './device-list-text';

describe('a pasted device list', () => {
  it('reads a network id and an optional description per line, skipping blank lines', () => {
    expect(parseDeviceList('1A2B3C01, Freezer 1\n\n  1A2B3C02  \r\n1A2B3C03;Cold room, door side\n')).toEqual({
      ok: true,
      devices: [
        { networkId: '1A2B3C01', description: 'Freezer 1' },
        { networkId: '1A2B3C02', description: null },
        { networkId: '1A2B3C03', description: 'Cold room, door side' },
      ],
      lines: [1, 3, 4],
    });
  });

  it('takes tab-separated lines as copied from a spreadsheet', () => {
    expect(parseDeviceList('70B3D57ED0001234\tTank 1')).toEqual({
      ok: true,
      devices: [{ networkId: '70B3D57ED0001234', description: 'Tank 1' }],
      lines: [1],
    });
  });

  it('names the line that has no network id', () => {
    expect(parseDeviceList('1A2B3C01\n, Freezer 2')).toEqual({ ok: false, reason: 'noNetworkId', line: 2 });
  });

  it('refuses an empty list and one over the limit', () => {
    expect(parseDeviceList(' \n\n')).toEqual({ ok: false, reason: 'empty' });
    const many = Array.from({ length: MAX_DEVICES_PER_CREATION + 1 }, (_, index) => `ID${index}`).join('\n');
    expect(parseDeviceList(many)).toEqual({ ok: false, reason: 'tooMany', max: MAX_DEVICES_PER_CREATION });
  });
});
