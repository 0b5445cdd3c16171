import type { Device, DeviceOutputs } from '@iot/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { testDevice } from '@/testing/device';
import { renderWithProviders } from '@/testing/render';
import { DeviceOutputsTab } from './device-outputs';
import type { DeviceScope } from './device-scope';

const stored: DeviceOutputs = {
  outputs: [
    {
      key: 'valve',
      name: 'Main valve',
      value: true,
      lastChange: '2026-11-22T10:00:00.000Z',
      lastSent: null,
      lastConfirmed: null,
    },
  ],
  version: 2,
};

const scopeOf = (device: Device): DeviceScope => ({
  device,
  deviceType: undefined,
  role: 'user',
  canEdit: true,
  isAdmin: false,
});
const cellular = () =>
  testDevice({ deviceType: 'gps-tracker', sigfoxID: null, IMEI: '490154203237518', communicationType: 'cellular' });

beforeEach(async () => {
  await changeLanguage('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) =>
      new URL(input, 'http://localhost').pathname === '/api/devices/d1/outputs'
        ? Response.json(stored)
        : Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 }),
    ),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('the outputs tab', () => {
  it('says a Wi-Fi or cellular device gets a changed value with its next message', async () => {
    renderWithProviders(<DeviceOutputsTab scope={scopeOf(cellular())} />);
    expect(await screen.findByText('Main valve')).toBeTruthy();
    expect(
      screen.getByText(
        'A changed value is sent to the device with its next message, and confirmed by the message after.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns that the outputs of a Sigfox device are not sent to it, in Portuguese too', async () => {
    renderWithProviders(<DeviceOutputsTab scope={scopeOf(testDevice())} />);
    expect(await screen.findByText('Main valve')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Output commands reach Wi-Fi and cellular devices only, with their next message: values set here are not sent ' +
        'to this Sigfox device.',
    );
    cleanup();
    await changeLanguage('pt');
    renderWithProviders(<DeviceOutputsTab scope={scopeOf(testDevice({ communicationType: 'lora' }))} />);
    expect(await screen.findByText('Main valve')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('não são enviados a este dispositivo LoRa');
  });
});
