import { MESSAGES, type UsageLicense, type UsageLicenseDevicePage } from '@iot/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { business } from '@/features/businesses/testing/business-fixtures';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import pt from '@/i18n/pt.json';
import { renderWithProviders } from '@/testing/render';
import { UsageLicensesPage } from './usage-licenses-page';

const NOW = '2026-01-01T00:00:00.000Z';

function license(id: string, licenseId: string, extra: Partial<UsageLicense> = {}): UsageLicense {
  return {
    _id: id,
    licenseId,
    business: { id: 'acme', description: 'Acme Water' },
    corporateName: 'Acme Water, S.A.',
    type: 'Annual',
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: '2099-12-31T23:59:59.999Z',
    expired: false,
    devices: 2,
    comments: '',
    omie: { contractId: 'OM-7', startsAt: null, endsAt: null },
    createdAt: NOW,
    updatedAt: NOW,
    version: 3,
    ...extra,
  };
}

const annual = license('l1', 'LIC-001');
const lapsed = license('l2', 'LIC-002', {
  business: { id: 'north', description: 'North region' },
  corporateName: '',
  type: 'Trial',
  endsAt: '2025-06-30T23:59:59.999Z',
  expired: true,
  devices: 0,
});

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body?: Record<string, unknown>;
}
let calls: Call[];
/** What the server answers a write: the saved license, or a refusal. */
let writeAnswer: (call: Call) => Response;
let current: UsageLicense;

const devicePage = (from: number, count: number, nextCursor: string | null): UsageLicenseDevicePage => ({
  items: Array.from({ length: count }, (_, index) => ({
    uuid: `d${from + index}`,
    description: `Meter ${from + index}`,
    business: { id: 'acme', description: 'Acme Water' },
  })),
  nextCursor,
});

beforeEach(async () => {
  await changeLanguage('en');
  calls = [];
  current = annual;
  writeAnswer = (call) => Response.json({ ...annual, ...call.body, version: 4 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const call: Call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      if (call.path === '/api/customer-business')
        return Response.json([business('acme', 'Acme Water', null), business('north', 'North region', 'acme')]);
      if (call.path === '/api/usage-licenses' && call.method === 'GET') {
        const search = call.query.get('search') ?? '';
        const items = [annual, lapsed].filter((one) => one.licenseId.includes(search));
        return Response.json({ items, nextCursor: null });
      }
      if (call.path === '/api/usage-licenses/l1' && call.method === 'GET') return Response.json(current);
      if (call.path === '/api/usage-licenses/l1/devices')
        return Response.json(call.query.get('cursor') ? devicePage(3, 1, null) : devicePage(1, 2, 'next'));
      if (call.path.startsWith('/api/usage-licenses')) return writeAnswer(call);
      return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const writes = () => calls.filter((call) => call.method !== 'GET');
const listed = () => screen.findByRole('list', { name: en['usageLicenses.list'] });

describe('the usage licenses page', { timeout: 20_000 }, () => {
  it('lists each license with its business, corporate name, type, dates, expiry and devices, and filters', async () => {
    renderWithProviders(<UsageLicensesPage />);
    const list = await listed();
    const first = within(list).getByRole('listitem', { name: 'LIC-001' });
    expect(within(first).getByText('Acme Water · Acme Water, S.A.')).toBeTruthy();
    expect(within(first).getByText('Annual')).toBeTruthy();
    expect(within(first).getByText('2 devices')).toBeTruthy();
    expect(within(first).queryByText(en['usageLicenses.expired'])).toBeNull();
    const second = within(list).getByRole('listitem', { name: 'LIC-002' });
    expect(within(second).getByText(en['usageLicenses.expired'])).toBeTruthy();
    expect(within(second).getByText(en['usageLicenses.devicesNone'])).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: en['usageLicenses.expiring'] }));
    fireEvent.click(await screen.findByRole('option', { name: 'Within 60 days' }));
    fireEvent.change(screen.getByRole('searchbox', { name: en['usageLicenses.search'] }), {
      target: { value: '002' },
    });
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.path === '/api/usage-licenses' &&
            call.query.get('expiringWithinDays') === '60' &&
            call.query.get('search') === '002',
        ),
      ).toBe(true),
    );
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'LIC-001' })).toBeNull());
  });

  it('edits a license over the version read and, on a conflict, says so and starts over from the server', async () => {
    writeAnswer = () => Response.json({ code: 'conflict', message: MESSAGES.en.conflict }, { status: 409 });
    renderWithProviders(<UsageLicensesPage />);
    await listed();
    fireEvent.click(screen.getByRole('button', { name: 'Edit LIC-001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit license LIC-001' });
    const type = within(dialog).getByRole('textbox', { name: en['usageLicenses.field.type'] }) as HTMLInputElement;
    expect(type.value).toBe('Annual');
    fireEvent.change(type, { target: { value: 'Biennial' } });
    fireEvent.click(within(dialog).getByRole('button', { name: en['usageLicenses.save'] }));

    expect(await within(dialog).findByText(MESSAGES.en.conflict)).toBeTruthy();
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: '/api/usage-licenses/l1',
        body: expect.objectContaining({ version: 3, type: 'Biennial', licenseId: 'LIC-001' }),
      }),
    ]);
    expect(type.value).toBe('Biennial');

    current = { ...annual, type: 'Monthly', version: 5 };
    writeAnswer = (call) => Response.json({ ...current, ...call.body, version: 6 });
    fireEvent.click(within(dialog).getByRole('button', { name: en['app.startOver'] }));
    const fresh = await screen.findByDisplayValue('Monthly');
    fireEvent.change(fresh, { target: { value: 'Quarterly' } });
    fireEvent.click(screen.getByRole('button', { name: en['usageLicenses.save'] }));
    expect(await screen.findByText('Usage license LIC-001 saved.')).toBeTruthy();
    expect(writes().at(-1)?.body).toEqual(expect.objectContaining({ version: 5, type: 'Quarterly' }));
  });

  it('creates a license in the business chosen from the tree, with its dates and OMIE contract', async () => {
    writeAnswer = (call) => Response.json(license('l9', String(call.body?.licenseId)), { status: 201 });
    renderWithProviders(<UsageLicensesPage />);
    await listed();
    fireEvent.click(screen.getByRole('button', { name: en['usageLicenses.create'] }));
    const dialog = await screen.findByRole('dialog', { name: en['usageLicenses.createTitle'] });
    fireEvent.click(within(dialog).getByRole('button', { name: en['usageLicenses.createButton'] }));
    expect(await within(dialog).findAllByText(MESSAGES.en['validation.required'])).toHaveLength(3);
    expect(writes()).toEqual([]);

    const text = (name: string) => within(dialog).getByLabelText(name, { exact: false });
    fireEvent.change(text(en['usageLicenses.field.licenseId']), { target: { value: 'LIC-100' } });
    fireEvent.change(text(en['usageLicenses.field.type']), { target: { value: 'Annual' } });
    fireEvent.change(text(en['usageLicenses.field.startsOn']), { target: { value: '2026-03-01' } });
    fireEvent.change(text(en['usageLicenses.field.endsOn']), { target: { value: '2026-02-01' } });
    expect(await within(dialog).findByText(MESSAGES.en['validation.date_range'])).toBeTruthy();
    fireEvent.change(text(en['usageLicenses.field.endsOn']), { target: { value: '2027-02-28' } });
    fireEvent.change(text(en['usageLicenses.field.omieContractId']), { target: { value: 'OM-9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: `Choose: ${en['usageLicenses.field.businessId']}` }));
    const picker = await screen.findByRole('dialog', { name: en['usageLicenses.field.businessId'] });
    fireEvent.click(await within(picker).findByRole('treeitem', { name: /Acme Water/ }));
    fireEvent.click(within(picker).getByRole('button', { name: en['app.ok'] }));
    fireEvent.click(within(dialog).getByRole('button', { name: en['usageLicenses.createButton'] }));

    expect(await screen.findByText('Usage license LIC-100 created.')).toBeTruthy();
    const [created] = writes();
    expect(created?.method).toBe('POST');
    expect(created?.body).toEqual(
      expect.objectContaining({
        businessId: 'acme',
        licenseId: 'LIC-100',
        type: 'Annual',
        omie: { contractId: 'OM-9', startsAt: null, endsAt: null },
      }),
    );
    // The end date holds through its last day where the user is.
    const endsAt = new Date(String(created?.body?.endsAt));
    expect([endsAt.getFullYear(), endsAt.getMonth(), endsAt.getDate(), endsAt.getHours()]).toEqual([2027, 1, 28, 23]);
  });

  it('asks before deleting and shows the refusal while devices name the license', async () => {
    writeAnswer = () =>
      Response.json(
        { code: 'usage_license.in_use', message: MESSAGES.pt['usage_license.in_use'].replace('{{count}}', '2') },
        { status: 409 },
      );
    await changeLanguage('pt');
    renderWithProviders(<UsageLicensesPage />);
    await screen.findByRole('list', { name: pt['usageLicenses.list'] });
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar LIC-001' }));
    const confirm = await screen.findByRole('dialog', { name: pt['usageLicenses.deleteTitle'] });
    expect(within(confirm).getByText('A licença LIC-001 de Acme Water será eliminada.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: pt['usageLicenses.deleteButton'] }));
    expect(await screen.findByText(MESSAGES.pt['usage_license.in_use'].replace('{{count}}', '2'))).toBeTruthy();
    expect(writes()).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/usage-licenses/l1' })]);
    expect(writes()[0]?.query.get('version')).toBe('3');
  });

  it("shows a license's devices in a side panel, each linking to its page, more on request", async () => {
    renderWithProviders(<UsageLicensesPage />);
    await listed();
    fireEvent.click(screen.getByRole('button', { name: 'Devices of LIC-001: 2 devices' }));
    const panel = await screen.findByRole('region', { name: 'Devices with license LIC-001' });
    const link = await within(panel).findByRole('link', { name: 'Meter 1' });
    expect(link.getAttribute('href')).toBe('/devices/d1');
    fireEvent.click(within(panel).getByRole('button', { name: en['usageLicenses.loadMore'] }));
    expect(await within(panel).findByRole('link', { name: 'Meter 3' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: en['usageLicenses.loadMore'] })).toBeNull();
  });
});
