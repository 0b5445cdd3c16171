import { type Device, type DeviceUserData, MESSAGES, translate, USER_DATA_LIMITS } from '@iot/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import pt from '@/i18n/pt.json';
import { renderWithProviders } from '@/testing/render';
import type { DeviceScope } from './device-scope';
import { DeviceUserDataSection } from './device-user-data';

const device = { uuid: 'd1', businessId: 'north', version: 4 } as Device;
const scopeOf = (role: DeviceScope['role']): DeviceScope => ({
  device,
  deviceType: undefined,
  role,
  canEdit: role !== 'viewer',
  isAdmin: role === 'admin',
});
let stored: DeviceUserData;
let patches: unknown[];
let answerPatch: (body: { version: number; data: DeviceUserData['data'] }) => Response;

beforeEach(async () => {
  await changeLanguage('en');
  stored = { data: { installer: 'Ana', floor: 2 }, version: 4 };
  patches = [];
  answerPatch = (body) => {
    stored = { data: body.data, version: body.version + 1 };
    return Response.json(stored);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path !== '/api/devices/d1/userdata')
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
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const noop = () => {};
const entry = (number: number) =>
  screen.getByRole('group', { name: en['device.userData.entry'].replace('{{number}}', String(number)) });
const input = (number: number, field: 'name' | 'value') =>
  within(entry(number)).getByLabelText(en[`device.userData.${field}`]) as HTMLInputElement | HTMLTextAreaElement;

describe('the user data of a device', { timeout: 20_000 }, () => {
  it('saves over the version read, keeps an untouched number a number and says it saved', async () => {
    const onSaved = vi.fn();
    renderWithProviders(<DeviceUserDataSection scope={scopeOf('user')} onSaved={onSaved} />);
    expect(await screen.findByDisplayValue('Ana')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en['device.userData.remove'].replace('{{number}}', '1') }));
    fireEvent.click(screen.getByRole('button', { name: en['device.userData.add'] }));
    fireEvent.change(input(2, 'name'), { target: { value: 'room' } });
    fireEvent.change(input(2, 'value'), { target: { value: 'B12' } });
    fireEvent.click(screen.getByRole('button', { name: en['device.userData.save'] }));

    expect(await screen.findByText(en['app.updated'])).toBeTruthy();
    expect(patches).toEqual([{ version: 4, data: { floor: 2, room: 'B12' } }]);
    expect(onSaved).toHaveBeenCalledWith(4, 5);

    // The next save goes over the version the first one made.
    fireEvent.change(input(2, 'value'), { target: { value: 'B14' } });
    fireEvent.click(screen.getByRole('button', { name: en['device.userData.save'] }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toEqual({ version: 5, data: { floor: 2, room: 'B14' } });
  });

  it('refuses a repeated name under its field without sending anything', async () => {
    renderWithProviders(<DeviceUserDataSection scope={scopeOf('user')} onSaved={noop} />);
    await screen.findByDisplayValue('Ana');
    fireEvent.click(screen.getByRole('button', { name: en['device.userData.add'] }));
    fireEvent.change(input(3, 'name'), { target: { value: 'floor' } });
    fireEvent.click(screen.getByRole('button', { name: en['device.userData.save'] }));
    expect(await screen.findByText(en['device.userData.duplicate'])).toBeTruthy();
    expect(patches).toEqual([]);
  });

  it('says how long a name and a value may be', async () => {
    renderWithProviders(<DeviceUserDataSection scope={scopeOf('user')} onSaved={noop} />);
    await screen.findByDisplayValue('Ana');
    fireEvent.change(input(1, 'name'), { target: { value: 'n'.repeat(USER_DATA_LIMITS.name + 1) } });
    fireEvent.change(input(1, 'value'), { target: { value: 'v'.repeat(USER_DATA_LIMITS.value + 1) } });
    fireEvent.click(screen.getByRole('button', { name: en['device.userData.save'] }));
    expect(
      within(entry(1)).getByText(translate('validation.max_length', 'en', { max: USER_DATA_LIMITS.name })),
    ).toBeTruthy();
    expect(
      within(entry(1)).getByText(translate('validation.max_length', 'en', { max: USER_DATA_LIMITS.value })),
    ).toBeTruthy();
    expect(patches).toEqual([]);
  });

  it('says in Portuguese how long a name may be', async () => {
    await changeLanguage('pt');
    renderWithProviders(<DeviceUserDataSection scope={scopeOf('user')} onSaved={noop} />);
    await screen.findByDisplayValue('Ana');
    const first = screen.getByRole('group', { name: pt['device.userData.entry'].replace('{{number}}', '1') });
    fireEvent.change(within(first).getByLabelText(pt['device.userData.name']), {
      target: { value: 'n'.repeat(USER_DATA_LIMITS.name + 1) },
    });
    fireEvent.click(screen.getByRole('button', { name: pt['device.userData.save'] }));
    expect(within(first).getByText(`No máximo ${USER_DATA_LIMITS.name} caracteres`)).toBeTruthy();
    expect(patches).toEqual([]);
  });

  it('on a conflict says so, keeps what was typed, and starts over from the user data saved meanwhile', async () => {
    answerPatch = () => Response.json({ code: 'conflict', message: MESSAGES.en.conflict }, { status: 409 });
    renderWithProviders(<DeviceUserDataSection scope={scopeOf('user')} onSaved={noop} />);
    await screen.findByDisplayValue('Ana');
    fireEvent.change(input(1, 'value'), { target: { value: 'Rui' } });
    fireEvent.click(screen.getByRole('button', { name: en['device.userData.save'] }));

    expect(await screen.findByText(MESSAGES.en.conflict)).toBeTruthy();
    expect(input(1, 'value').value).toBe('Rui');
    stored = { data: { installer: 'Eva' }, version: 6 };
    fireEvent.click(screen.getByRole('button', { name: en['app.startOver'] }));
    expect(await screen.findByDisplayValue('Eva')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.en.conflict)).toBeNull();
  });

  it('is read-only for a viewer, in Portuguese too', async () => {
    await changeLanguage('pt');
    renderWithProviders(<DeviceUserDataSection scope={scopeOf('viewer')} onSaved={noop} />);
    expect(await screen.findByRole('heading', { name: pt['device.userData.title'] })).toBeTruthy();
    expect(((await screen.findByDisplayValue('Ana')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: pt['device.userData.save'] })).toBeNull();
    expect(screen.queryByRole('button', { name: pt['device.userData.add'] })).toBeNull();
  });

  it('says when the device has no user data', async () => {
    stored = { data: {}, version: 4 };
    renderWithProviders(<DeviceUserDataSection scope={scopeOf('viewer')} onSaved={noop} />);
    expect(await screen.findByText(en['device.userData.none'])).toBeTruthy();
  });
});
