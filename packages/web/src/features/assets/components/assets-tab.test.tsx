import {
  type Asset,
  type AssetType,
  type Business,
  DEFAULT_CALL_RECEPTION,
  DEFAULT_PLAN,
  MESSAGES,
  type MoveAssetsResult,
  type User,
} from '@iot/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildBusinessTree } from '@/features/businesses/lib/business-tree';
import { business } from '@/features/businesses/testing/business-fixtures';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import pt from '@/i18n/pt.json';
import { renderWithProviders } from '@/testing/render';
import { AssetsTab } from './assets-tab';

const tree = buildBusinessTree([
  business('acme', 'Acme Water', null, { usersAdv: { users: [{ email: 'olivia@example.com', role: 'admin' }] } }),
  business('north', 'North region', 'acme'),
  business('south', 'South region', 'acme'),
] satisfies Business[]);
const olivia: User = {
  id: 'u1',
  email: 'olivia@example.com',
  role: 'user',
  profile: { firstName: 'Olivia', lastName: 'Operator', language: 'en' },
  timezone: 0,
  phone: '',
  periodOffWork: null,
  callReception: DEFAULT_CALL_RECEPTION,
  version: 1,
};
const victor: User = { ...olivia, id: 'u2', email: 'victor@example.com' };
const viewerTree = buildBusinessTree([
  business('acme', 'Acme Water', null, { usersAdv: { users: [{ email: 'victor@example.com', role: 'viewer' }] } }),
] satisfies Business[]);

const tank: AssetType = {
  id: 'tank',
  name: 'Water tank',
  description: '',
  fields: [
    { name: 'Capacity', type: 'number', required: true },
    { name: 'Material', type: 'options', options: ['Steel', 'Concrete'] },
    { name: 'Notes', type: 'text' },
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};

function asset(id: string, description: string, extra: Partial<Asset> = {}): Asset {
  return {
    _id: id,
    businessId: 'acme',
    business: { id: 'acme', description: 'Acme Water' },
    description,
    assetType: { id: 'tank', name: 'Water tank' },
    fields: tank.fields.map((field) => ({ ...field, value: field.name === 'Capacity' ? 5000 : null })),
    incomplete: false,
    device: null,
    linkedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...extra,
  };
}

const linked = asset('a1', 'North tank', {
  device: {
    uuid: 'dev-1',
    description: 'Level sensor 1',
    deviceType: 'th-sensor-sigfox',
    lastSeenAt: new Date(Date.now() - 10 * 60_000).toISOString(),
    signalValues: {},
    openAlarms: 2,
  },
  linkedAt: '2026-01-02T00:00:00.000Z',
});
const orphan = asset('a2', 'Spare tank', {
  businessId: 'north',
  business: { id: 'north', description: 'North region' },
  incomplete: true,
  fields: tank.fields.map((field) => ({ ...field, value: null })),
});

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** The asset calls as the server answers them; `answers` overrides one by `METHOD path`. */
function stubServer(options: { assetSupport?: boolean; answers?: Record<string, (call: Call) => Response> } = {}) {
  const calls: Call[] = [];
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
      const override = options.answers?.[`${call.method} ${call.path}`];
      if (override) return override(call);
      if (call.path === '/api/contracts/pfs')
        return Response.json({
          features: { ...DEFAULT_PLAN, assetSupport: options.assetSupport ?? true },
          business: { id: 'acme', description: 'Acme Water' },
        });
      if (call.path === '/api/asset-types') return Response.json([tank]);
      if (call.path === '/api/customer-business/acme/assets') {
        const orphansOnly = call.query.get('orphan') === 'true';
        const items = [linked, orphan].filter((one) => !orphansOnly || !one.device);
        if (call.query.get('mode') === 'count') return Response.json({ count: items.length });
        // Two pages: the first ends with a cursor unless filtered.
        if (!orphansOnly && !call.query.get('cursor')) return Response.json({ items: [linked], nextCursor: 'c1' });
        if (!orphansOnly) return Response.json({ items: [orphan], nextCursor: null });
        return Response.json({ items, nextCursor: null });
      }
      if (call.path === '/api/customer-business/acme/devices')
        return Response.json({
          items: [{ uuid: 'dev-9', description: 'Spare sensor' }],
          nextCursor: null,
        });
      return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
    }),
  );
  return calls;
}

const rowNamed = async (name: string) => within(await screen.findByRole('row', { name }));

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the assets tab', () => {
  it('lists assets with their type, device, last seen and alarms, a page at a time, and filters orphans', {
    timeout: 20_000,
  }, async () => {
    const calls = stubServer();
    renderWithProviders(<AssetsTab tree={tree} businessId="acme" user={olivia} />);
    const first = await rowNamed('North tank');
    expect(first.getByText('Water tank')).toBeTruthy();
    expect(first.getByRole('link', { name: 'North tank' }).getAttribute('href')).toMatch(
      /^\/businesses\/acme\/slug-acme\/assets\/a1\//,
    );
    expect(first.getByRole('link', { name: 'Level sensor 1' }).getAttribute('href')).toBe('/devices/dev-1');
    expect(first.getByLabelText('2 open alarms')).toBeTruthy();
    expect(first.getByText('10 minutes ago')).toBeTruthy();
    expect(first.queryByText(MESSAGES.en['asset.incomplete'])).toBeNull();
    expect(screen.getByText('Assets: 2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: en['assets.loadMore'] }));
    const second = await rowNamed('Spare tank');
    expect(second.getByText(MESSAGES.en['asset.incomplete'])).toBeTruthy();
    expect(second.getByText(en['assets.noDevice'])).toBeTruthy();
    // An asset of a sublevel names its level.
    expect(second.getByText('North region')).toBeTruthy();
    const pageCalls = calls.filter((call) => call.path.endsWith('/assets') && !call.query.has('mode'));
    expect(pageCalls.map((call) => call.query.get('cursor'))).toEqual([null, 'c1']);
    // The total was asked once, apart from the pages.
    expect(calls.filter((call) => call.query.get('mode') === 'count')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: en['assets.loadMore'] })).toBeNull();

    fireEvent.click(screen.getByLabelText(en['assets.orphansOnly']));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'North tank' })).toBeNull());
    expect(screen.getByRole('row', { name: 'Spare tank' })).toBeTruthy();
    expect(calls.at(-1)?.query.get('orphan')).toBe('true');
    expect(await screen.findByText('Assets: 1')).toBeTruthy();
  });

  it('gives viewers the list without any way to change it', { timeout: 20_000 }, async () => {
    stubServer();
    renderWithProviders(<AssetsTab tree={viewerTree} businessId="acme" user={victor} />);
    await rowNamed('North tank');
    expect(screen.queryByRole('button', { name: en['assets.add'] })).toBeNull();
    expect(screen.queryByRole('button', { name: en['assets.import.open'] })).toBeNull();
    expect(screen.queryByRole('button', { name: `${en['assets.edit']}: North tank` })).toBeNull();
    expect(screen.getByRole('button', { name: en['assets.export'] })).toBeTruthy();
  });

  it("shows the plan notice when the level's plan has no assets, in both languages", { timeout: 20_000 }, async () => {
    const calls = stubServer({ assetSupport: false });
    renderWithProviders(<AssetsTab tree={tree} businessId="acme" user={olivia} />);
    expect(await screen.findByText(en['assets.notInPlan'], { exact: false })).toBeTruthy();
    expect(screen.getByText(en['planLimit.title'])).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/assets'))).toBe(false);
    await changeLanguage('pt');
    expect(await screen.findByText(pt['planLimit.title'])).toBeTruthy();
  });

  it('shows the plan notice when the server refuses the list for the plan', { timeout: 20_000 }, async () => {
    stubServer({
      answers: {
        'GET /api/customer-business/acme/assets': () =>
          Response.json({ code: 'plan.unavailable', message: MESSAGES.en['plan.unavailable'] }, { status: 422 }),
      },
    });
    renderWithProviders(<AssetsTab tree={tree} businessId="acme" user={olivia} />);
    expect(await screen.findByText(en['assets.notInPlan'], { exact: false })).toBeTruthy();
  });
});

describe('the asset dialog', () => {
  const openCreate = async () => {
    renderWithProviders(<AssetsTab tree={tree} businessId="acme" user={olivia} />);
    await rowNamed('North tank');
    fireEvent.click(screen.getByRole('button', { name: en['assets.add'] }));
    const dialog = within(await screen.findByRole('dialog', { name: en['assets.createTitle'] }));
    fireEvent.change(dialog.getByRole('textbox', { name: new RegExp(`^${en['assets.description']}`) }), {
      target: { value: 'East tank' },
    });
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: new RegExp(`^${en['assets.type']}`) }));
    fireEvent.click(await screen.findByRole('option', { name: 'Water tank' }));
    return dialog;
  };

  it("follows the type's fields and checks them as they are typed", { timeout: 20_000 }, async () => {
    const calls = stubServer();
    const dialog = await openCreate();
    const capacity = dialog.getByRole('textbox', { name: /^Capacity/ });
    expect(dialog.getByRole('combobox', { name: 'Material' })).toBeTruthy();
    expect(dialog.getByRole('textbox', { name: 'Notes' })).toBeTruthy();

    fireEvent.change(capacity, { target: { value: 'lots' } });
    expect(await dialog.findByText(MESSAGES.en['asset.field_not_number'])).toBeTruthy();
    fireEvent.change(capacity, { target: { value: '' } });
    expect(await dialog.findByText(MESSAGES.en['validation.required'])).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: en['assets.create'] }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(capacity, { target: { value: '12,5' } });
    expect(dialog.queryByText(MESSAGES.en['validation.required'])).toBeNull();
  });

  it("places the server's refusals beside the fields and sends numbers as numbers", { timeout: 20_000 }, async () => {
    const posts: unknown[] = [];
    stubServer({
      answers: {
        'POST /api/customer-business/acme/asset': (call) => {
          posts.push(call.body);
          return Response.json(
            {
              code: 'validation.failed',
              message: MESSAGES.en['validation.failed'],
              fields: { 'assetData.values.Notes': 'validation.too_long' },
            },
            { status: 400 },
          );
        },
      },
    });
    const dialog = await openCreate();
    fireEvent.change(dialog.getByRole('textbox', { name: /^Capacity/ }), { target: { value: '12,5' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Notes' }), { target: { value: 'Roof access' } });
    fireEvent.click(dialog.getByRole('button', { name: en['assets.create'] }));
    expect(await dialog.findByText(MESSAGES.en['validation.too_long'])).toBeTruthy();
    expect(posts).toEqual([
      {
        assetData: {
          description: 'East tank',
          assetType: 'tank',
          values: { Capacity: 12.5, Material: null, Notes: 'Roof access' },
        },
      },
    ]);
  });

  it('shows a conflict and keeps what was typed', { timeout: 20_000 }, async () => {
    const patches: unknown[] = [];
    stubServer({
      answers: {
        'PATCH /api/customer-business/acme/asset': (call) => {
          patches.push(call.body);
          return Response.json({ code: 'conflict', message: MESSAGES.en.conflict }, { status: 409 });
        },
      },
    });
    renderWithProviders(<AssetsTab tree={tree} businessId="acme" user={olivia} />);
    const row = await rowNamed('North tank');
    fireEvent.click(row.getByRole('button', { name: `${en['assets.edit']}: North tank` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit North tank' }));
    const capacity = dialog.getByRole('textbox', { name: /^Capacity/ }) as HTMLInputElement;
    expect(capacity.value).toBe('5000');
    fireEvent.change(capacity, { target: { value: '6000' } });
    fireEvent.click(dialog.getByRole('button', { name: en['assets.save'] }));
    expect(await dialog.findByText(MESSAGES.en.conflict)).toBeTruthy();
    expect(capacity.value).toBe('6000');
    // The device stays as it was, so it is not sent.
    expect(patches).toEqual([
      {
        assetData: {
          _id: 'a1',
          version: 1,
          description: 'North tank',
          values: { Capacity: 6000, Material: null, Notes: null },
        },
      },
    ]);
  });
});

describe('moving an asset', () => {
  it('warns what the move does before it is made', { timeout: 20_000 }, async () => {
    const moves: unknown[] = [];
    stubServer({
      answers: {
        'POST /api/customer-business/south/asset/move': (call) => {
          const { dryRun } = call.body as { dryRun: boolean };
          moves.push(call.body);
          return Response.json({
            dryRun,
            assets: 1,
            devices: 1,
            alarmsAcknowledged: 2,
            journeysFinalised: 0,
          } satisfies MoveAssetsResult);
        },
      },
    });
    renderWithProviders(<AssetsTab tree={tree} businessId="acme" user={olivia} />);
    const row = await rowNamed('North tank');
    fireEvent.click(row.getByRole('button', { name: `${en['assets.move']}: North tank` }));
    const picker = within(await screen.findByRole('dialog', { name: 'Move North tank to…' }));
    fireEvent.click(await picker.findByText('South region'));
    fireEvent.click(picker.getByRole('button', { name: en['app.ok'] }));

    const warning = within(await screen.findByRole('dialog', { name: 'Move to South region?' }));
    expect(await warning.findByText('1 device moves with it.')).toBeTruthy();
    expect(warning.getByText('2 open alarms will be acknowledged.')).toBeTruthy();
    expect(warning.getByText('0 journeys will be finalised.')).toBeTruthy();
    expect(moves).toEqual([{ assets: ['a1'], dryRun: true }]);

    fireEvent.click(warning.getByRole('button', { name: en['assets.move'] }));
    expect(await screen.findByText('Moved to South region.')).toBeTruthy();
    expect(moves).toEqual([
      { assets: ['a1'], dryRun: true },
      { assets: ['a1'], dryRun: false },
    ]);
  });
});
