import { describe, expect, it } from 'vitest';
import { lineErrorsOf, MAX_DEVICES_PER_CREATION, parseDeviceList } from './device-list-text';

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

describe("the server's errors about pasted devices", () => {
  it('are placed at their lines of the text, in line order, one per line, apart from other field errors', () => {
    const fields = {
      'devices.2.networkId': 'validation.sigfox_id',
      'devices.0.description': 'validation.max_length?max=200',
      'devices.2.description': 'validation.max_length?max=200',
      businessId: 'validation.required',
    };
    expect(lineErrorsOf(fields, [1, 3, 7])).toEqual({
      lines: [
        { line: 1, code: 'validation.max_length?max=200' },
        { line: 7, code: 'validation.sigfox_id' },
      ],
      others: { businessId: 'validation.required' },
    });
  });

  it('count devices beyond the known lines from one', () => {
    expect(lineErrorsOf({ 'devices.4.networkId': 'x' }, []).lines).toEqual([{ line: 5, code: 'x' }]);
  });
});
