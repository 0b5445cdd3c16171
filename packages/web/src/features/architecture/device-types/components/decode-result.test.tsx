import { cayenneLpp, type DeviceTypeInfo } from '@iot/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { DecodeResult } from './decode-result';

const lpp: DeviceTypeInfo = {
  id: cayenneLpp.id,
  name: cayenneLpp.name,
  communicationTypes: [...cayenneLpp.communicationTypes],
  signals: cayenneLpp.signals.map((signal) => ({ ...signal })),
  parameters: [],
  configurable: false,
};
const date = '2024-05-01T10:00:00.000Z';

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('the decoded frame', () => {
  it("lists the readings with the type's signal names, channels and units", () => {
    renderWithProviders(
      <DecodeResult
        deviceType={lpp}
        result={{
          ok: true,
          readings: [
            { signal: 'temperature_3', value: 27.2, date },
            { signal: 'temperature_5', value: 25.5, date },
            { signal: 'unknown_key', value: 'x', date },
          ],
        }}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Decoded readings' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Temperature (channel 3)', 'temperature_3', '27.2', '°C'],
      ['Temperature (channel 5)', 'temperature_5', '25.5', '°C'],
      ['unknown_key', 'unknown_key', 'x', ''],
    ]);
  });

  it('names the signals and writes numbers as the interface language does', async () => {
    await changeLanguage('pt');
    renderWithProviders(
      <DecodeResult
        deviceType={lpp}
        result={{ ok: true, readings: [{ signal: 'temperature_3', value: 27.2, date }] }}
      />,
    );
    expect(screen.getByText('27,2')).toBeTruthy();
    expect(screen.getAllByRole('row')[1]?.textContent).toContain('Temperatura (canal 3)');
  });

  it("says why the codec refused the frame in words, with the codec's detail, never its code", () => {
    renderWithProviders(
      <DecodeResult
        deviceType={lpp}
        result={{ ok: false, error: { code: 'decode.truncated', message: 'Channel 3 type 103 needs 2 bytes' } }}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The codec refused this frame; nothing would be stored.');
    expect(alert.textContent).toContain('Frame shorter than its type says');
    expect(alert.textContent).toContain('Codec detail: Channel 3 type 103 needs 2 bytes');
    expect(alert.textContent).not.toContain('decode.truncated');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says why in Portuguese too', async () => {
    await changeLanguage('pt');
    renderWithProviders(
      <DecodeResult deviceType={lpp} result={{ ok: false, error: { code: 'decode.empty', message: 'Empty frame' } }} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('O codec recusou esta trama; nada seria guardado.');
    expect(alert.textContent).toContain('Trama vazia');
    expect(alert.textContent).not.toContain('decode.empty');
  });

  it("shows only the codec's detail for a refusal without a text of its own", () => {
    renderWithProviders(
      <DecodeResult
        deviceType={lpp}
        result={{ ok: false, error: { code: 'decode.new_kind', message: 'Odd frame' } }}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('The codec refused this frame; nothing would be stored.Codec detail: Odd frame');
  });
});
