import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDevice } from '@/testing/device';
import { spreadsheetDate } from '../lib/csv-cell';
import { exportDevicesCsv } from './export-devices-csv';

afterEach(() => vi.unstubAllGlobals());

describe('the CSV export of the device list', () => {
  it('reads every page of the filter, each device a line, cells safe to open in a spreadsheet', async () => {
    const pages = [
      {
        items: [testDevice({ uuid: 'a1', description: '=SUM(A1:A9)', lastSeenAt: '2026-11-25T21:40:07.123Z' })],
        nextCursor: 'next',
      },
      { items: [testDevice({ uuid: 'b2', description: 'Tank, north', lastSeenAt: null })], nextCursor: null },
    ];
    const bodies: { cursor?: string; deviceTypes?: string[] }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return Response.json(pages[bodies.length - 1]);
      }),
    );
    const progress: number[] = [];
    const text = await exportDevicesCsv(
      { deviceTypes: ['gps-tracker'], sort: { by: 'description', order: 'asc' } },
      [
        { heading: 'Description', cell: (device) => device.description },
        { heading: 'Last seen (UTC)', cell: (device) => spreadsheetDate(device.lastSeenAt) },
      ],
      (devices) => progress.push(devices),
    );
    expect(text).toBe(
      'Description,Last seen (UTC)\r\n' + "'=SUM(A1:A9),2026-11-25 21:40:07\r\n" + '"Tank, north",\r\n',
    );
    expect(bodies.map((body) => [body.cursor, body.deviceTypes])).toEqual([
      [undefined, ['gps-tracker']],
      ['next', ['gps-tracker']],
    ]);
    expect(progress).toEqual([1, 2]);
  });
});
