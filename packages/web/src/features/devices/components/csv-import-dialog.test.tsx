import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildBusinessTree } from '@/features/businesses/lib/business-tree';
import { business } from '@/features/businesses/testing/business-fixtures';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { CsvImportDialog } from './csv-import-dialog';

const tree = buildBusinessTree([business('acme', 'Acme Water', null), business('porto', 'Porto plant', 'acme')]);
const NOT_FOUND = 'Resource not found.';

/** The import as the server answers it: a file with a line of one cell is refused at that line. */
function stubServer() {
  const calls: { query: URLSearchParams; body: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname !== '/api/devices/import-csv') return Response.json({ code: 'not_found' }, { status: 404 });
      const body = init?.body instanceof Blob ? await init.body.text() : '';
      calls.push({ query: url.searchParams, body });
      const lines = body.trim().split('\n');
      const bad = lines.findIndex((line) => line.split(',').length !== 2);
      if (bad >= 0)
        return Response.json(
          { code: 'device.csv_invalid', message: `CSV file format is incorrect. Error at line ${bad + 1}.` },
          { status: 400 },
        );
      const results = lines.map((line) => {
        const [device = ''] = line.split(',');
        return device === 'NOPE'
          ? { device, ok: false, code: 'not_found', message: NOT_FOUND }
          : { device, ok: true, uuid: `uuid-${device}` };
      });
      const succeeded = results.filter((result) => result.ok).length;
      return Response.json({ results, succeeded, failed: results.length - succeeded });
    }),
  );
  return calls;
}

function renderDialog() {
  renderWithProviders(<CsvImportDialog open onClose={() => {}} tree={tree} businessId="porto" deviceTypes={[]} />);
  return screen.getByRole('dialog', { name: 'Import devices from a CSV file' });
}

function chooseFile(dialog: HTMLElement, text: string) {
  const input = within(dialog).getByLabelText('Choose file') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([text], 'devices.csv', { type: 'text/csv' })] } });
}

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the CSV import dialog', () => {
  it('moves and renames devices into the business in context, listing those not done with the reason', async () => {
    const calls = stubServer();
    const dialog = renderDialog();
    expect(within(dialog).getByRole('combobox', { name: 'Device type' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Move / rename devices' }));
    expect(
      within(dialog).getByText(/Device ID \(serial number, network id or uuid\) and its new Description/),
    ).toBeTruthy();
    expect(within(dialog).getByText('The devices move to Porto plant.')).toBeTruthy();
    expect(within(dialog).queryByRole('combobox', { name: 'Device type' })).toBeNull();
    chooseFile(dialog, 'SN-1,Cold room north\nNOPE,Ghost\n');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    const result = await screen.findByRole('dialog', { name: 'Import result' });
    expect(within(result).getByText('Renamed and moved 1 of 2 devices.')).toBeTruthy();
    const notDone = within(result).getByRole('list', { name: 'Devices not done' });
    expect(
      within(notDone)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`NOPE${NOT_FOUND}`]);
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]?.query ?? [])).toMatchObject({ mode: 'rename', businessId: 'porto' });
    expect(calls[0]?.query.has('deviceType')).toBe(false);
  });

  it('shows the server message with the line of a bad move/rename file', async () => {
    stubServer();
    const dialog = renderDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Move / rename devices' }));
    chooseFile(dialog, 'SN-1,Cold room north\nSN-2\n');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const invalid = await screen.findByRole('dialog', { name: 'Incorrect CSV file' });
    expect(within(invalid).getByText('CSV file format is incorrect. Error at line 2.')).toBeTruthy();
  });
});
