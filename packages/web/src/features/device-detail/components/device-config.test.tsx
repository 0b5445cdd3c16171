import { MESSAGES, thSensorSigfox } from '@iot/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import pt from '@/i18n/pt.json';
import { deviceTypeInfoOf, testDevice } from '@/testing/device';
import { renderWithProviders } from '@/testing/render';
import { DeviceConfig } from './device-config';

const thSensor = deviceTypeInfoOf(thSensorSigfox);

let patches: unknown[];
let answerPatch: () => Response;

beforeEach(async () => {
  await changeLanguage('en');
  patches = [];
  answerPatch = () => Response.json({ parameters: {}, status: 'WAITING', downlinkData: '00', port: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === '/api/devices/d1/parameters' && init?.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        return answerPatch();
      }
      if (path === '/api/devices/d1/downlink')
        return Response.json({ parameters: {}, status: null, downlinkData: null, port: null });
      if (path === '/api/parameter-presets') return Response.json([]);
      return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const renderTab = () =>
  renderWithProviders(
    <DeviceConfig
      scope={{ device: testDevice(), deviceType: thSensor, role: 'user', canEdit: true, isAdmin: false }}
    />,
  );
const type = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${name}`) }), { target: { value } });
const send = (label: string = en['device.config.send']) => fireEvent.click(screen.getByRole('button', { name: label }));

describe('the parameters of a device', () => {
  it('shows every error at once with the range, refusing scientific notation, in English and Portuguese', async () => {
    renderTab();
    type('Reporting period', '');
    type('High temperature threshold', '1e1');
    type('Low temperature threshold', '100');
    send();
    expect(await screen.findByText(MESSAGES.en['validation.required'])).toBeTruthy();
    expect(screen.getByText(MESSAGES.en['parameter.not_decimal'])).toBeTruthy();
    expect(screen.getByText('Must be from -40 to 85 °C in steps of 0.01.')).toBeTruthy();

    cleanup();
    await changeLanguage('pt');
    renderTab();
    type('Período de envio', '10');
    type('Limite superior de temperatura', '1e1');
    type('Limite inferior de temperatura', '12,345');
    send(pt['device.config.send']);
    expect(await screen.findByText('Deve ser um número inteiro de 15 a 1440 min.')).toBeTruthy();
    expect(screen.getByText(MESSAGES.pt['parameter.not_decimal'])).toBeTruthy();
    expect(screen.getByText('Deve ser de -40 a 85 °C em passos de 0,01.')).toBeTruthy();
    expect(patches).toEqual([]);
  });

  it('names the range a low threshold must keep below the high one, in English and Portuguese', async () => {
    renderTab();
    type('Low temperature threshold', '30');
    send();
    expect(await screen.findByText('Must be from -40 to less than 30 °C (High temperature threshold).')).toBeTruthy();

    cleanup();
    await changeLanguage('pt');
    renderTab();
    type('Limite superior de temperatura', '12,5');
    type('Limite inferior de temperatura', '12,5');
    send(pt['device.config.send']);
    expect(
      await screen.findByText('Deve ser de -40 a menos de 12,5 °C (Limite superior de temperatura).'),
    ).toBeTruthy();
    expect(patches).toEqual([]);
  });

  it('sends a value typed with a decimal comma as its number, the errors gone once put right', async () => {
    renderTab();
    type('High temperature threshold', '1e1');
    send();
    expect(await screen.findByText(MESSAGES.en['parameter.not_decimal'])).toBeTruthy();
    type('High temperature threshold', '25,5');
    expect(screen.queryByText(MESSAGES.en['parameter.not_decimal'])).toBeNull();
    send();
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      version: 1,
      values: { reportingPeriod: 60, temperatureHigh: 25.5, temperatureLow: 0, alarmEnabled: true },
    });
  });

  it("shows the server's field errors at their parameters, those of no field over the button", async () => {
    answerPatch = () =>
      Response.json(
        {
          code: 'validation.failed',
          message: 'Some fields are not valid. Please check the data.',
          fields: {
            'values.temperatureHigh': 'Above what this room allows',
            'values.alarmEnabled': 'Not available on this firmware',
            values: 'Invalid value',
          },
        },
        { status: 400 },
      );
    renderTab();
    send();
    expect(await screen.findByText('Above what this room allows')).toBeTruthy();
    expect(screen.getByText('Not available on this firmware')).toBeTruthy();
    expect(screen.getByText('values: Invalid value')).toBeTruthy();
    type('High temperature threshold', '29');
    expect(screen.queryByText('Above what this room allows')).toBeNull();
    expect(screen.getByText('Not available on this firmware')).toBeTruthy();
  });
});
