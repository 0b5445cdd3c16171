import { CreateParameterPresetRequest, gpsTracker, MESSAGES, type ParameterPreset, thSensorSigfox } from '@iot/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/api/session';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import pt from '@/i18n/pt.json';
import { deviceTypeInfoOf } from '@/testing/device';
import { renderWithProviders } from '@/testing/render';
import { PresetsPage } from './presets-page';

const coldRoom: ParameterPreset = {
  uuid: 'cold-room',
  name: 'Cold room',
  description: '',
  model: thSensorSigfox.id,
  profile: { reportingPeriod: 15, temperatureHigh: 8, temperatureLow: 0, alarmEnabled: true },
  businessId: 'north',
  business: { id: 'north', description: 'North' },
  createdAt: '2025-03-01T12:00:00.000Z',
  updatedAt: '2025-03-01T12:00:00.000Z',
  version: 1,
};

let presetAnswer: () => Response;
let putAnswer: () => Response;
let puts: unknown[];

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await changeLanguage('en');
  saveSession({ token: 'tok', email: 'someone@example.com' });
  presetAnswer = () => Response.json(coldRoom);
  putAnswer = () => Response.json({ ...coldRoom, version: 2 });
  puts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === '/api/device-types')
        return Response.json([deviceTypeInfoOf(thSensorSigfox), deviceTypeInfoOf(gpsTracker)]);
      if (path === '/api/customer-business') return Response.json([]);
      if (path === '/api/parameter-presets/cold-room' && init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return putAnswer();
      }
      if (path === '/api/parameter-presets/cold-room') return presetAnswer();
      return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const renderPage = (uuid: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/arch-params/:uuid" element={<PresetsPage />} />
      <Route path="/arch-params" element={<p>the list</p>} />
    </Routes>,
    { path: `/arch-params/${uuid}` },
  );

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: en['arch.save'] }));
const chooseModel = async (name: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: new RegExp(en['arch.params.model']) }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
};

describe('a preset that cannot be loaded', () => {
  it('says a deleted preset does not exist, in English and Portuguese, with a way back and no retry', async () => {
    presetAnswer = () => Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
    renderPage('cold-room');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en['arch.params.notFound']);
    expect(within(alert).queryByRole('button', { name: en['app.retry'] })).toBeNull();
    fireEvent.click(within(alert).getByRole('link', { name: en['arch.params.backToList'] }));
    expect(await screen.findByText('the list')).toBeTruthy();

    cleanup();
    await changeLanguage('pt');
    renderPage('cold-room');
    expect((await screen.findByRole('alert')).textContent).toContain(pt['arch.params.notFound']);
  });

  it('offers a retry when the failure may pass', async () => {
    presetAnswer = () => Response.json({ code: 'server.error', message: 'An error has occurred.' }, { status: 500 });
    renderPage('cold-room');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('An error has occurred.');
    expect(within(alert).getByRole('button', { name: en['app.retry'] })).toBeTruthy();
  });
});

describe('the preset form', () => {
  it("shows every field's error at once on submit, a value in scientific notation refused", async () => {
    renderPage('cold-room');
    await screen.findByDisplayValue('Cold room');
    type(en['arch.params.name'], '');
    type('Reporting period', '');
    type('High temperature threshold', '1e1');
    type('Low temperature threshold', '100');
    save();
    // The name and the reporting period.
    await waitFor(() => expect(screen.getAllByText(MESSAGES.en['validation.required'])).toHaveLength(2));
    expect(screen.getByText(MESSAGES.en['parameter.not_decimal'])).toBeTruthy();
    expect(screen.getByText('Must be from -40 to 85 °C in steps of 0.01.')).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('says how long a name may be, in English and Portuguese', async () => {
    const max = CreateParameterPresetRequest.shape.name.maxLength ?? 0;
    renderPage('cold-room');
    await screen.findByDisplayValue('Cold room');
    type(en['arch.params.name'], 'n'.repeat(max + 1));
    save();
    expect(await screen.findByText(`At most ${max} characters`)).toBeTruthy();
    await changeLanguage('pt');
    expect(await screen.findByText(`No máximo ${max} caracteres`)).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('names the range a low threshold must keep below the high one', async () => {
    renderPage('cold-room');
    await screen.findByDisplayValue('Cold room');
    type('Low temperature threshold', '8');
    save();
    expect(await screen.findByText('Must be from -40 to less than 8 °C (High temperature threshold).')).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it("shows every field error of the server's answer, those of no field over the form", async () => {
    putAnswer = () =>
      Response.json(
        {
          code: 'validation.failed',
          message: 'Some fields are not valid. Please check the data.',
          fields: { name: 'Too long', 'profile.temperatureHigh': 'Taken by another', profile: 'Too many values' },
        },
        { status: 400 },
      );
    renderPage('cold-room');
    await screen.findByDisplayValue('Cold room');
    save();
    expect(await screen.findByText('Too long')).toBeTruthy();
    expect(screen.getByText('Taken by another')).toBeTruthy();
    expect(screen.getByText('profile: Too many values')).toBeTruthy();
    expect(puts).toHaveLength(1);
  });

  it('asks before a change of device type replaces the values entered; cancelling keeps them', async () => {
    renderPage('cold-room');
    await screen.findByDisplayValue('Cold room');
    await chooseModel(gpsTracker.name);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(`Change the device type to ${gpsTracker.name}?`);
    expect(dialog.textContent).toContain(
      `The parameter values entered will be replaced by the defaults of ${gpsTracker.name}.`,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: en['app.cancel'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('combobox', { name: new RegExp(en['arch.params.model']) }).textContent).toBe(
      thSensorSigfox.name,
    );
    expect((field('High temperature threshold') as HTMLInputElement).value).toBe('8');

    await chooseModel(gpsTracker.name);
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: en['arch.params.changeModel'] }),
    );
    expect(
      ((await screen.findByRole('textbox', { name: /^Reporting period while moving/ })) as HTMLInputElement).value,
    ).toBe('60');
    expect(screen.queryByRole('textbox', { name: /^High temperature threshold/ })).toBeNull();
  });

  it('changes the device type of a form holding only defaults without asking', async () => {
    presetAnswer = () =>
      Response.json({
        ...coldRoom,
        profile: { reportingPeriod: 60, temperatureHigh: 30, temperatureLow: 0, alarmEnabled: true },
      });
    renderPage('cold-room');
    await screen.findByDisplayValue('Cold room');
    await chooseModel(gpsTracker.name);
    expect(await screen.findByRole('textbox', { name: /^Reporting period while moving/ })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
