import { MESSAGES, type UsageLicense } from '@iot/shared';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import { testDevice } from '@/testing/device';
import { renderWithProviders } from '@/testing/render';
import { DeviceInfoForm } from './device-info-form';
import type { DeviceScope } from './device-scope';

const device = testDevice({
  description: 'Cold room 1',
  serialNumber: 'SN-1',
  fwVersion: '1.0',
  sigfoxID: '1A2B3C',
  businessId: 'north',
  business: { id: 'north', description: 'North region' },
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 4,
});
const scopeOf = (role: DeviceScope['role']): DeviceScope => ({
  device,
  deviceType: undefined,
  role,
  canEdit: role !== 'viewer',
  isAdmin: role === 'admin',
});
const licenseOf = (id: string, licenseId: string, extra: Partial<UsageLicense> = {}): UsageLicense => ({
  _id: id,
  licenseId,
  business: { id: 'acme', description: 'Acme Water' },
  corporateName: '',
  type: 'Annual',
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2099-12-31T12:00:00.000Z',
  expired: false,
  devices: 0,
  comments: '',
  omie: { contractId: null, startsAt: null, endsAt: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  ...extra,
});
const annual = licenseOf('l1', 'LIC-001');
const lapsed = licenseOf('l9', 'LIC-009', {
  startsAt: '2025-01-01T12:00:00.000Z',
  endsAt: '2025-06-30T12:00:00.000Z',
  expired: true,
});
let licenseQueries: URLSearchParams[];
let puts: unknown[];
let answer: () => Response;
let userDataVersion: number;

beforeEach(async () => {
  await changeLanguage('en');
  puts = [];
  licenseQueries = [];
  userDataVersion = 4;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === '/api/devices' && init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return answer();
      }
      if (path === '/api/usage-licenses') {
        const query = new URL(input, 'http://localhost').searchParams;
        licenseQueries.push(query);
        const search = query.get('search') ?? '';
        return Response.json({
          items: [annual, lapsed].filter((one) => one.licenseId.includes(search)),
          nextCursor: null,
        });
      }
      if (path === '/api/usage-licenses/l9') return Response.json(lapsed);
      if (path === '/api/devices/d1/userdata') {
        if (init?.method === 'PATCH') userDataVersion += 1;
        return Response.json({ data: { installer: 'Ana' }, version: userDataVersion });
      }
      return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const noop = () => {};

describe('the info tab of a device', { timeout: 20_000 }, () => {
  it('saves over the version read and, on a conflict, says so and keeps what was typed', async () => {
    answer = () => Response.json({ code: 'conflict', message: MESSAGES.en.conflict }, { status: 409 });
    const onStartOver = vi.fn();
    renderWithProviders(<DeviceInfoForm scope={scopeOf('user')} onStartOver={onStartOver} onDeleted={noop} />);
    const description = screen.getByLabelText(en['device.field.description']) as HTMLInputElement;
    fireEvent.change(description, { target: { value: 'Cold room 2' } });
    fireEvent.click(screen.getByRole('button', { name: en['device.save'] }));

    expect(await screen.findByText(MESSAGES.en.conflict)).toBeTruthy();
    expect(puts).toEqual([expect.objectContaining({ uuid: 'd1', version: 4, description: 'Cold room 2' })]);
    expect(description.value).toBe('Cold room 2');
    fireEvent.click(screen.getByRole('button', { name: en['app.startOver'] }));
    expect(onStartOver).toHaveBeenCalledOnce();
  });

  it('shows a bad network id under its field without sending anything', async () => {
    answer = () => Response.json(device);
    renderWithProviders(<DeviceInfoForm scope={scopeOf('user')} onStartOver={noop} onDeleted={noop} />);
    fireEvent.change(screen.getByLabelText(en['device.field.loraEUI']), { target: { value: 'not hex' } });
    fireEvent.click(screen.getByRole('button', { name: en['device.save'] }));
    expect(await screen.findByText(MESSAGES.en['validation.lora_eui'])).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('saves over the version a save of the user data made', async () => {
    answer = () => Response.json(device);
    renderWithProviders(<DeviceInfoForm scope={scopeOf('user')} onStartOver={noop} onDeleted={noop} />);
    fireEvent.change(await screen.findByDisplayValue('Ana'), { target: { value: 'Rui' } });
    fireEvent.click(screen.getByRole('button', { name: en['device.userData.save'] }));
    expect(await screen.findByText(en['app.updated'])).toBeTruthy();
    fireEvent.change(screen.getByLabelText(en['device.field.description']), { target: { value: 'Cold room 2' } });
    fireEvent.click(screen.getByRole('button', { name: en['device.save'] }));
    await waitFor(() => expect(puts).toEqual([expect.objectContaining({ version: 5, description: 'Cold room 2' })]));
  });

  it('picks the usage license from those of the device level and above, and saves it with the form', async () => {
    answer = () => Response.json({ ...device, usageLicenseId: 'l1', version: 5 });
    renderWithProviders(<DeviceInfoForm scope={scopeOf('user')} onStartOver={noop} onDeleted={noop} />);
    const picker = screen.getByRole('combobox', { name: en['device.field.usageLicenseId'] });
    act(() => picker.focus());
    fireEvent.change(picker, { target: { value: '001' } });
    const option = await screen.findByRole('option', { name: /LIC-001/ });
    expect(licenseQueries.at(-1)?.get('forBusinessId')).toBe('north');
    await waitFor(() => expect(licenseQueries.at(-1)?.get('search')).toBe('001'));
    fireEvent.click(option);
    expect((picker as HTMLInputElement).value).toBe('LIC-001');
    fireEvent.click(screen.getByRole('button', { name: en['device.save'] }));
    await waitFor(() => expect(puts).toEqual([expect.objectContaining({ version: 4, usageLicenseId: 'l1' })]));
  });

  it("shows the device's expired license with its dates and a warning, and clears it", async () => {
    const named = testDevice({
      ...device,
      usageLicenseId: 'l9',
      usageLicense: { id: 'l9', licenseId: 'LIC-009', expired: true },
    });
    answer = () => Response.json({ ...named, usageLicenseId: null, usageLicense: null, version: 5 });
    renderWithProviders(
      <DeviceInfoForm scope={{ ...scopeOf('user'), device: named }} onStartOver={noop} onDeleted={noop} />,
    );
    const picker = screen.getByRole('combobox', { name: en['device.field.usageLicenseId'] }) as HTMLInputElement;
    expect(picker.value).toBe('LIC-009');
    expect(await screen.findByText('The usage license LIC-009 expired on Jun 30, 2025.')).toBeTruthy();
    expect(screen.getByText('Acme Water · Jan 1, 2025 – Jun 30, 2025')).toBeTruthy();
    // The clear button shows while the field has the focus (or the pointer).
    act(() => picker.focus());
    fireEvent.click(screen.getByRole('button', { name: en['usageLicenses.picker.clear'] }));
    expect(picker.value).toBe('');
    expect(screen.queryByText(/expired on/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: en['device.save'] }));
    await waitFor(() => expect(puts).toEqual([expect.objectContaining({ version: 4, usageLicenseId: null })]));
  });

  it('sends no license when it was left as it was', async () => {
    answer = () => Response.json(device);
    renderWithProviders(<DeviceInfoForm scope={scopeOf('user')} onStartOver={noop} onDeleted={noop} />);
    fireEvent.click(screen.getByRole('button', { name: en['device.save'] }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).not.toHaveProperty('usageLicenseId');
  });

  it('is read-only for a viewer, with neither save nor delete', () => {
    renderWithProviders(<DeviceInfoForm scope={scopeOf('viewer')} onStartOver={noop} onDeleted={noop} />);
    expect(screen.getByText(en['device.readOnly'])).toBeTruthy();
    expect((screen.getByLabelText(en['device.field.description']) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: en['device.save'] })).toBeNull();
    expect(screen.queryByRole('button', { name: en['device.info.delete'] })).toBeNull();
  });
});
