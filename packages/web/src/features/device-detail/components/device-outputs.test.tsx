import { type Device, type DeviceOutputs, MESSAGES, OUTPUT_LIMITS } from '@iot/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import pt from '@/i18n/pt.json';
import { testDevice } from '@/testing/device';
import { renderWithProviders } from '@/testing/render';
import { DeviceOutputsTab } from './device-outputs';
import type { DeviceScope } from './device-scope';

const valve = {
  key: 'valve',
  name: 'Main valve',
  value: true,
  lastChange: '2026-11-22T10:00:00.000Z',
  lastSent: null,
  lastConfirmed: null,
};
let stored: DeviceOutputs;
let patches: unknown[];
let answerPatch: (body: { version: number; define: { key: string; name: string }[] }) => Response;

const scopeOf = (device: Device, role: DeviceScope['role'] = 'user'): DeviceScope => ({
  device,
  deviceType: undefined,
  role,
  canEdit: role !== 'viewer',
  isAdmin: false,
});
const cellular = () =>
  testDevice({ deviceType: 'gps-tracker', sigfoxID: null, IMEI: '490154203237518', communicationType: 'cellular' });

beforeEach(async () => {
  await changeLanguage('en');
  stored = { outputs: [valve], version: 2 };
  patches = [];
  // As the server: values kept by key, a new key starts off.
  answerPatch = (body) => {
    stored = {
      outputs: body.define.map(({ key, name }) => ({
        ...(stored.outputs.find((output) => output.key === key) ?? { ...valve, value: false }),
        key,
        name,
      })),
      version: body.version + 1,
    };
    return Response.json(stored);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (new URL(input, 'http://localhost').pathname !== '/api/devices/d1/outputs')
        return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
      if (init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body));
        patches.push(body);
        return answerPatch(body);
      }
      return Response.json(stored);
    }),
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

const row = (number: number) =>
  screen.getByRole('group', { name: en['device.outputs.entry'].replace('{{number}}', String(number)) });
const field = (number: number, label: string) => within(row(number)).getByLabelText(label) as HTMLInputElement;
const type = (number: number, label: string, value: string) =>
  fireEvent.change(field(number, label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const openEditor = async () => {
  fireEvent.click(await screen.findByRole('button', { name: en['device.outputs.edit'] }));
  return screen.getByRole('region', { name: en['device.outputs.edit'] });
};

describe('editing the outputs', { timeout: 20_000 }, () => {
  it('sends the list as defined over the version read, says it saved and shows the new list', async () => {
    renderWithProviders(<DeviceOutputsTab scope={scopeOf(cellular())} />);
    await openEditor();
    expect(field(1, en['device.outputs.key']).value).toBe('valve');
    type(1, en['device.outputs.outputName'], 'Garden valve');
    click(en['device.outputs.add']);
    type(2, en['device.outputs.key'], 'pump');
    type(2, en['device.outputs.outputName'], ' Pump ');
    click(en['device.outputs.save']);

    expect(await screen.findByText(en['app.updated'])).toBeTruthy();
    expect(patches).toEqual([
      {
        version: 2,
        define: [
          { key: 'valve', name: 'Garden valve' },
          { key: 'pump', name: 'Pump' },
        ],
      },
    ]);
    // Back to the switches, the kept value still on.
    expect((screen.getByRole('switch', { name: 'Garden valve' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Pump' }) as HTMLInputElement).checked).toBe(false);
  });

  it('refuses a missing name, an invalid key and a repeated key under their fields without sending', async () => {
    renderWithProviders(<DeviceOutputsTab scope={scopeOf(cellular())} />);
    await openEditor();
    click(en['device.outputs.add']);
    type(2, en['device.outputs.key'], 'valve');
    click(en['device.outputs.add']);
    type(3, en['device.outputs.key'], 'main valve');
    type(3, en['device.outputs.outputName'], 'x');
    click(en['device.outputs.save']);

    expect(within(row(2)).getByText(en['device.outputs.duplicateKey'])).toBeTruthy();
    expect(within(row(2)).getByText(MESSAGES.en['validation.required'])).toBeTruthy();
    expect(within(row(3)).getByText(en['device.outputs.keyInvalid'])).toBeTruthy();
    expect(patches).toEqual([]);
  });

  it('says how long a key and a name may be', async () => {
    renderWithProviders(<DeviceOutputsTab scope={scopeOf(cellular())} />);
    await openEditor();
    type(1, en['device.outputs.key'], 'k'.repeat(OUTPUT_LIMITS.key + 1));
    type(1, en['device.outputs.outputName'], 'n'.repeat(OUTPUT_LIMITS.name + 1));
    click(en['device.outputs.save']);
    expect(within(row(1)).getByText(`At most ${OUTPUT_LIMITS.key} characters`)).toBeTruthy();
    expect(within(row(1)).getByText(`At most ${OUTPUT_LIMITS.name} characters`)).toBeTruthy();
    expect(patches).toEqual([]);
  });

  it('says in Portuguese how long a key may be', async () => {
    await changeLanguage('pt');
    renderWithProviders(<DeviceOutputsTab scope={scopeOf(cellular())} />);
    fireEvent.click(await screen.findByRole('button', { name: pt['device.outputs.edit'] }));
    const key = within(
      screen.getByRole('group', { name: pt['device.outputs.entry'].replace('{{number}}', '1') }),
    ).getByLabelText(pt['device.outputs.key']);
    fireEvent.change(key, { target: { value: 'k'.repeat(OUTPUT_LIMITS.key + 1) } });
    click(pt['device.outputs.save']);
    expect(screen.getByText(`No máximo ${OUTPUT_LIMITS.key} caracteres`)).toBeTruthy();
    expect(patches).toEqual([]);
  });

  it('on a conflict says so, keeps what was typed, and starts over from the outputs saved meanwhile', async () => {
    answerPatch = () => Response.json({ code: 'conflict', message: MESSAGES.en.conflict }, { status: 409 });
    renderWithProviders(<DeviceOutputsTab scope={scopeOf(cellular())} />);
    await openEditor();
    type(1, en['device.outputs.outputName'], 'Garden valve');
    click(en['device.outputs.save']);

    expect(await screen.findByText(MESSAGES.en.conflict)).toBeTruthy();
    expect(field(1, en['device.outputs.outputName']).value).toBe('Garden valve');
    stored = { outputs: [{ ...valve, name: 'Roof valve' }], version: 3 };
    click(en['app.startOver']);
    expect(await screen.findByDisplayValue('Roof valve')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.en.conflict)).toBeNull();
  });

  it('shows refused values in place', async () => {
    answerPatch = () =>
      Response.json({ code: 'validation.failed', message: 'Some values are not valid.' }, { status: 400 });
    renderWithProviders(<DeviceOutputsTab scope={scopeOf(cellular())} />);
    await openEditor();
    click(en['device.outputs.save']);
    expect(await screen.findByText('Some values are not valid.')).toBeTruthy();
    expect(screen.getByRole('region', { name: en['device.outputs.edit'] })).toBeTruthy();
  });

  it('cancels without sending, and may remove every output', async () => {
    renderWithProviders(<DeviceOutputsTab scope={scopeOf(cellular())} />);
    await openEditor();
    type(1, en['device.outputs.outputName'], 'Changed');
    click(en['app.cancel']);
    expect(screen.getByRole('switch', { name: 'Main valve' })).toBeTruthy();
    expect(patches).toEqual([]);

    await openEditor();
    click(en['device.outputs.remove'].replace('{{number}}', '1'));
    expect(screen.getByText(en['device.outputs.noneDefined'])).toBeTruthy();
    click(en['device.outputs.save']);
    expect(await screen.findByText(en['device.outputs.none'])).toBeTruthy();
    expect(patches).toEqual([{ version: 2, define: [] }]);
  });

  it('offers to add outputs to a device without any, to editors only', async () => {
    stored = { outputs: [], version: 2 };
    renderWithProviders(<DeviceOutputsTab scope={scopeOf(cellular())} />);
    fireEvent.click(await screen.findByRole('button', { name: en['device.outputs.addOutputs'] }));
    type(1, en['device.outputs.key'], 'relay_1');
    type(1, en['device.outputs.outputName'], 'Relay');
    click(en['device.outputs.save']);
    await waitFor(() => expect(patches).toEqual([{ version: 2, define: [{ key: 'relay_1', name: 'Relay' }] }]));
    expect(await screen.findByRole('switch', { name: 'Relay' })).toBeTruthy();

    cleanup();
    stored = { outputs: [], version: 2 };
    renderWithProviders(<DeviceOutputsTab scope={scopeOf(cellular(), 'viewer')} />);
    expect(await screen.findByText(en['device.outputs.none'])).toBeTruthy();
    expect(screen.queryByRole('button', { name: en['device.outputs.addOutputs'] })).toBeNull();
  });

  it('is not offered to a viewer', async () => {
    renderWithProviders(<DeviceOutputsTab scope={scopeOf(cellular(), 'viewer')} />);
    expect(await screen.findByText('Main valve')).toBeTruthy();
    expect(screen.queryByRole('button', { name: en['device.outputs.edit'] })).toBeNull();
  });
});
