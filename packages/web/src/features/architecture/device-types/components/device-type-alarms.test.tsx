import { DEFAULT_CALL_RECEPTION, type DeviceTypeAlarms, type DeviceTypeInfo, MESSAGES, type User } from '@iot/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/api/session';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import { renderWithProviders } from '@/testing/render';
import { DeviceTypeAlarmsCard } from './device-type-alarms';

const tracker: DeviceTypeInfo = {
  id: 'gps-tracker',
  name: 'GPS tracker',
  communicationTypes: ['cellular'],
  signals: [
    { key: 'speed', name: 'Speed', unit: 'km/h', kind: 'value', valueType: 'number', showInList: true },
    { key: 'satellites', name: 'Satellites', kind: 'debug', valueType: 'number', showInList: false },
    { key: 'sos', name: 'SOS', kind: 'alarm', valueType: 'boolean', showInList: true },
  ],
  parameters: [],
  configurable: false,
};
const speeding = { signal: 'speed', condition: 'above' as const, threshold: 100, hysteresis: 10 };
const userOf = (role: User['role']): User => ({
  id: 'u1',
  email: 'someone@example.com',
  role,
  profile: { firstName: 'Some', lastName: 'One', language: 'en' },
  timezone: 0,
  phone: '',
  periodOffWork: null,
  callReception: DEFAULT_CALL_RECEPTION,
  version: 1,
});

let stored: DeviceTypeAlarms;
let user: User;
let puts: unknown[];
let answerConflict: boolean;

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await changeLanguage('en');
  saveSession({ token: 'tok', email: 'someone@example.com' });
  stored = { deviceType: 'gps-tracker', rules: [speeding], version: 3 };
  puts = [];
  answerConflict = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === `/api/users/${encodeURIComponent(user.email)}`) return Response.json(user);
      if (path === '/api/device-types/gps-tracker/alarms' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        if (answerConflict) return Response.json({ code: 'conflict', message: 'conflict' }, { status: 409 });
        stored = { deviceType: 'gps-tracker', rules: body.rules, version: body.version + 1 };
        return Response.json(stored);
      }
      if (path === '/api/device-types/gps-tracker/alarms') return Response.json(stored);
      return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('alarm rules of a device type', () => {
  it('shows the rules to anyone who is not provider staff, without editing', async () => {
    user = userOf('user');
    renderWithProviders(<DeviceTypeAlarmsCard deviceType={tracker} />);
    const list = await screen.findByRole('list', { name: en['arch.deviceTypes.alarms'] });
    expect(within(list).getByText('Speed above 100 km/h')).toBeTruthy();
    expect(within(list).getByText('Hysteresis 10')).toBeTruthy();
    expect(screen.getByText(en['arch.deviceTypes.alarmsReadOnly'])).toBeTruthy();
    expect(screen.queryByRole('button', { name: en['device.save'] })).toBeNull();
  });

  it('lets provider staff add a rule on a numeric value signal and save over the version read', async () => {
    user = userOf('product');
    renderWithProviders(<DeviceTypeAlarmsCard deviceType={tracker} />);
    expect(await screen.findByRole('group', { name: 'Rule 1' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: en['device.alarms.addRule'] }));
    const added = screen.getByRole('group', { name: 'Rule 2' });
    fireEvent.mouseDown(within(added).getAllByRole('combobox')[0] as HTMLElement);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    // Only the numeric value signal is offered.
    expect(options.map((option) => option.textContent)).toEqual(['Speed (km/h)']);
    fireEvent.click(options[0] as HTMLElement);
    fireEvent.change(within(added).getByLabelText(en['device.alarms.threshold']), { target: { value: '120,5' } });
    fireEvent.click(screen.getByRole('button', { name: en['device.save'] }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      version: 3,
      rules: [speeding, { signal: 'speed', condition: 'above', threshold: 120.5, hysteresis: 0 }],
    });
    // The rule is removed and saved over the new version.
    fireEvent.click(await screen.findByRole('button', { name: 'Remove rule 1' }));
    await waitFor(() => expect(stored.version).toBe(4));
    fireEvent.click(screen.getByRole('button', { name: en['device.save'] }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toMatchObject({ version: 4, rules: [{ threshold: 120.5 }] });
  });

  it('offers to start over when another save came first', async () => {
    user = userOf('product');
    answerConflict = true;
    renderWithProviders(<DeviceTypeAlarmsCard deviceType={tracker} />);
    fireEvent.click(await screen.findByRole('button', { name: en['device.save'] }));
    expect(await screen.findByText(MESSAGES.en.conflict)).toBeTruthy();
    answerConflict = false;
    stored = { ...stored, rules: [], version: 5 };
    fireEvent.click(screen.getByRole('button', { name: en['app.startOver'] }));
    expect(await screen.findByText(en['arch.deviceTypes.noAlarmRules'])).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Rule 1' })).toBeNull();
  });
});
