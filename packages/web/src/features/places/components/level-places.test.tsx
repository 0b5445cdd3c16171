import {
  type Business,
  DEFAULT_CALL_RECEPTION,
  DEFAULT_PLAN,
  MESSAGES,
  type Place,
  type PlaceArea,
  type PlaceDevice,
  type PlaceGroup,
  type PlacePage,
  type User,
} from '@iot/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BusinessTree, buildBusinessTree } from '@/features/businesses/lib/business-tree';
import { business } from '@/features/businesses/testing/business-fixtures';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import pt from '@/i18n/pt.json';
import { renderWithProviders } from '@/testing/render';
import { getMapPlacesQueryOptions } from '../api/places';
import { LevelPlaces } from './level-places';
import type { PlacesMapProps } from './places-map';

const DRAWN_CIRCLE: PlaceArea = { kind: 'circle', center: { lat: 41.15, lon: -8.61 }, radius: 240 };
const MOVED_CIRCLE: PlaceArea = { kind: 'circle', center: { lat: 41.16, lon: -8.6 }, radius: 300 };

// The browser's map cannot run here: a stand-in lists what it would draw and finishes a drawing on request.
vi.mock('./places-map', () => ({
  default: ({ places, tool, onDrawn, onSelect, reshaping, onReshape }: PlacesMapProps) => (
    <section aria-label="map">
      {places.map((place) => (
        <button key={place._id} type="button" onClick={() => onSelect(place._id)}>
          {`on the map: ${place.name}`}
        </button>
      ))}
      {tool && (
        <button type="button" onClick={() => onDrawn(DRAWN_CIRCLE)}>
          finish drawing
        </button>
      )}
      {reshaping && (
        <button type="button" onClick={() => onReshape(MOVED_CIRCLE)}>
          {`drag ${reshaping.name}`}
        </button>
      )}
    </section>
  ),
}));

const tree = buildBusinessTree([
  business('acme', 'Acme Water', null, { usersAdv: { users: [{ email: 'olivia@example.com', role: 'admin' }] } }),
  business('north', 'North region', 'acme'),
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

const NOW = '2026-01-01T00:00:00.000Z';
const plants: PlaceGroup = {
  _id: 'g1',
  businessId: 'acme',
  business: { id: 'acme', description: 'Acme Water' },
  name: 'Plants',
  forbidden: false,
  enterAfterMs: 120_000,
  lostAfterMs: 86_400_000,
  places: 1,
  createdAt: NOW,
  updatedAt: NOW,
  version: 1,
};
const quarry: PlaceGroup = { ...plants, _id: 'g2', name: 'Quarries', forbidden: true, places: 1 };

function place(id: string, name: string, extra: Partial<Place> = {}): Place {
  return {
    _id: id,
    businessId: 'acme',
    business: { id: 'acme', description: 'Acme Water' },
    name,
    area: { kind: 'circle', center: { lat: 41.15, lon: -8.61 }, radius: 300 },
    group: { id: 'g1', name: 'Plants', forbidden: false },
    devicesNow: 2,
    createdAt: NOW,
    updatedAt: NOW,
    version: 3,
    ...extra,
  };
}
const portoPlant = place('p1', 'Porto plant');
const oldQuarry = place('p2', 'Old quarry', {
  businessId: 'north',
  business: { id: 'north', description: 'North region' },
  area: {
    kind: 'polygon',
    points: [
      { lat: 41.2, lon: -8.6 },
      { lat: 41.2, lon: -8.5 },
      { lat: 41.3, lon: -8.5 },
    ],
  },
  group: { id: 'g2', name: 'Quarries', forbidden: true },
  devicesNow: 0,
});

function device(n: number): PlaceDevice {
  return {
    uuid: `dev-${n}`,
    description: `Van ${n}`,
    deviceType: 'tracker',
    businessId: 'acme',
    business: { id: 'acme', description: 'Acme Water' },
    location: { state: 'atPoi', place: { id: 'p1', name: 'Porto plant' }, since: NOW },
    lastSeenAt: NOW,
  };
}

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** The places calls as the server answers them; `answers` overrides one by `METHOD path`. */
function stubServer(options: { poiSupport?: boolean; answers?: Record<string, (call: Call) => Response> } = {}) {
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
          features: { ...DEFAULT_PLAN, poiSupport: options.poiSupport ?? true },
          business: { id: 'acme', description: 'Acme Water' },
        });
      if (call.path === '/api/customer-business/acme/places' && call.method === 'GET') {
        const search = call.query.get('search')?.toLowerCase();
        const groupId = call.query.get('groupId');
        const items = [oldQuarry, portoPlant].filter(
          (one) => (!search || one.name.toLowerCase().includes(search)) && (!groupId || one.group?.id === groupId),
        );
        return Response.json({ items, nextCursor: null });
      }
      if (call.path === '/api/customer-business/acme/place-groups' && call.method === 'GET')
        return Response.json({ items: [plants, quarry] });
      if (call.path === '/api/places/p1/devices') {
        if (!call.query.get('cursor')) return Response.json({ items: [device(1)], nextCursor: 'c1' });
        return Response.json({ items: [device(2)], nextCursor: null });
      }
      return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
    }),
  );
  return calls;
}

function Harness({ tree: shownTree, user }: { tree: BusinessTree; user: User }) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  return (
    <LevelPlaces tree={shownTree} user={user} businessId="acme" selectedId={selectedId} onSelect={setSelectedId} />
  );
}

const list = async () => within(await screen.findByRole('list', { name: en['places.list'] }));

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the places of a level', () => {
  it('lists the places with their group, level and devices now, and filters them', { timeout: 20_000 }, async () => {
    const calls = stubServer();
    renderWithProviders(<Harness tree={tree} user={olivia} />);
    const rows = await list();
    const porto = within(rows.getByRole('button', { name: 'Porto plant' }));
    expect(porto.getByText('Plants')).toBeTruthy();
    expect(porto.getByLabelText('2 devices here now')).toBeTruthy();
    const quarryRow = within(rows.getByRole('button', { name: 'Old quarry' }));
    expect(quarryRow.getByText('Quarries (forbidden)')).toBeTruthy();
    expect(quarryRow.getByText('North region')).toBeTruthy();
    // The map got every place of the level in one page.
    expect(await screen.findByText('on the map: Porto plant')).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/places') && call.query.get('limit') === '1000')).toBe(true);

    fireEvent.change(screen.getByRole('searchbox', { name: en['places.search'] }), { target: { value: 'porto' } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Old quarry' })).toBeNull());
    expect(calls.at(-1)?.query.get('search')).toBe('porto');

    fireEvent.change(screen.getByRole('searchbox', { name: en['places.search'] }), { target: { value: '' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: en['places.groupFilter'] }));
    fireEvent.click(await screen.findByRole('option', { name: 'Quarries' }));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Old quarry' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Porto plant' })).toBeNull();
    });
    expect(calls.at(-1)?.query.get('groupId')).toBe('g2');
  });

  it('shows the devices at a chosen place, a page at a time', { timeout: 20_000 }, async () => {
    stubServer();
    renderWithProviders(<Harness tree={tree} user={olivia} />);
    fireEvent.click((await list()).getByRole('button', { name: 'Porto plant' }));
    const devices = within(await screen.findByRole('list', { name: 'Devices at Porto plant' }));
    expect(await devices.findByRole('link', { name: 'Van 1' })).toBeTruthy();
    expect(screen.getByText('2 devices here now')).toBeTruthy();
    expect(screen.getByText('Circle of 300 m')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en['places.loadMore'] }));
    expect((await devices.findByRole('link', { name: 'Van 2' })).getAttribute('href')).toBe('/devices/dev-2');
    fireEvent.click(screen.getByRole('button', { name: en['places.backToList'] }));
    expect(await screen.findByRole('button', { name: 'Old quarry' })).toBeTruthy();
  });

  it('gives viewers the places without any way to change them', { timeout: 20_000 }, async () => {
    stubServer();
    renderWithProviders(<Harness tree={viewerTree} user={victor} />);
    fireEvent.click((await list()).getByRole('button', { name: 'Porto plant' }));
    await screen.findByRole('list', { name: 'Devices at Porto plant' });
    expect(screen.queryByRole('button', { name: en['places.drawCircle'] })).toBeNull();
    expect(screen.queryByRole('button', { name: en['places.edit'] })).toBeNull();
    expect(screen.queryByRole('button', { name: en['places.delete'] })).toBeNull();
  });

  it("shows the plan notice when the level's plan has no places, in both languages", { timeout: 20_000 }, async () => {
    const calls = stubServer({ poiSupport: false });
    renderWithProviders(<Harness tree={tree} user={olivia} />);
    expect(await screen.findByText(en['places.notInPlan'], { exact: false })).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/places'))).toBe(false);
    await changeLanguage('pt');
    expect(await screen.findByText(pt['places.notInPlan'], { exact: false })).toBeTruthy();
  });
});

describe('drawing and editing a place', () => {
  it('names a drawn circle, checks the name and radius, and creates it', { timeout: 20_000 }, async () => {
    const posts: unknown[] = [];
    stubServer({
      answers: {
        'POST /api/customer-business/acme/places': (call) => {
          posts.push(call.body);
          return Response.json(place('p9', 'Braga depot', { area: DRAWN_CIRCLE }));
        },
      },
    });
    renderWithProviders(<Harness tree={tree} user={olivia} />);
    await list();
    fireEvent.click(screen.getByRole('button', { name: en['places.drawCircle'] }));
    expect(screen.getByText(en['places.hint.circle'])).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'finish drawing' }));

    const dialog = within(await screen.findByRole('dialog', { name: en['places.createTitle'] }));
    const radius = dialog.getByRole('textbox', { name: new RegExp(`^${en['places.radius']}`) }) as HTMLInputElement;
    expect(radius.value).toBe('240');
    fireEvent.click(dialog.getByRole('button', { name: en['places.create'] }));
    expect(await dialog.findByText(MESSAGES.en['validation.required'])).toBeTruthy();
    fireEvent.change(radius, { target: { value: '5' } });
    expect(await dialog.findByText(en['places.radiusRange'])).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: en['places.create'] }));
    expect(posts).toEqual([]);

    fireEvent.change(dialog.getByRole('textbox', { name: new RegExp(`^${en['places.name']}`) }), {
      target: { value: ' Braga depot ' },
    });
    fireEvent.change(radius, { target: { value: '250,5' } });
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: en['places.group'] }));
    // Only the groups of the level or above it: a place of Acme Water may join both of Acme Water's.
    fireEvent.click(await screen.findByRole('option', { name: 'Quarries (forbidden)' }));
    fireEvent.click(dialog.getByRole('button', { name: en['places.create'] }));
    expect(await screen.findByText('Place Braga depot created.')).toBeTruthy();
    expect(posts).toEqual([{ name: 'Braga depot', area: { ...DRAWN_CIRCLE, radius: 250.5 }, groupId: 'g2' }]);
  });

  it("shows the server's reason beside the input it names", { timeout: 20_000 }, async () => {
    stubServer({
      answers: {
        'POST /api/customer-business/acme/places': () =>
          Response.json(
            {
              code: 'validation.failed',
              message: MESSAGES.en['validation.failed'],
              fields: { groupId: 'place.group_not_found' },
            },
            { status: 400 },
          ),
      },
    });
    renderWithProviders(<Harness tree={tree} user={olivia} />);
    await list();
    fireEvent.click(screen.getByRole('button', { name: en['places.drawPolygon'] }));
    fireEvent.click(await screen.findByRole('button', { name: 'finish drawing' }));
    const dialog = within(await screen.findByRole('dialog', { name: en['places.createTitle'] }));
    fireEvent.change(dialog.getByRole('textbox', { name: new RegExp(`^${en['places.name']}`) }), {
      target: { value: 'Yard' },
    });
    fireEvent.click(dialog.getByRole('button', { name: en['places.create'] }));
    expect(await dialog.findByText(MESSAGES.en['place.group_not_found'])).toBeTruthy();
  });

  it('shows a conflict, reads the place again and saves over its new version', { timeout: 20_000 }, async () => {
    const patches: { version: number }[] = [];
    let stored = portoPlant;
    stubServer({
      answers: {
        'PATCH /api/customer-business/acme/places/p1': (call) => {
          const body = call.body as { version: number; name: string };
          patches.push(body);
          if (body.version !== stored.version)
            return Response.json({ code: 'conflict', message: MESSAGES.en.conflict }, { status: 409 });
          stored = { ...stored, name: body.name, version: stored.version + 1 };
          return Response.json(stored);
        },
        'GET /api/customer-business/acme/places': () => Response.json({ items: [stored], nextCursor: null }),
      },
    });
    const { queryClient } = renderWithProviders(<Harness tree={tree} user={olivia} />);
    fireEvent.click((await list()).getByRole('button', { name: 'Porto plant' }));
    fireEvent.click(await screen.findByRole('button', { name: en['places.edit'] }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Porto plant' }));
    const name = dialog.getByRole('textbox', { name: new RegExp(`^${en['places.name']}`) }) as HTMLInputElement;
    // Someone else saved meanwhile.
    stored = { ...stored, version: 4 };
    fireEvent.change(name, { target: { value: 'Porto main plant' } });
    fireEvent.click(dialog.getByRole('button', { name: en['places.save'] }));
    expect(await dialog.findByText(en['places.conflict'])).toBeTruthy();
    expect(name.value).toBe('Porto main plant');
    // The places were read again, without closing the dialog.
    await waitFor(() =>
      expect(queryClient.getQueryData<PlacePage>(getMapPlacesQueryOptions('acme').queryKey)?.items[0]?.version).toBe(4),
    );
    fireEvent.click(dialog.getByRole('button', { name: en['places.save'] }));
    expect(await screen.findByText(en['app.updated'])).toBeTruthy();
    expect(patches).toEqual([
      { version: 3, name: 'Porto main plant', groupId: 'g1' },
      { version: 4, name: 'Porto main plant', groupId: 'g1' },
    ]);
  });

  it('saves a shape changed on the map; a conflict keeps it for a save over the new version', {
    timeout: 20_000,
  }, async () => {
    const patches: unknown[] = [];
    let stored = portoPlant;
    stubServer({
      answers: {
        'PATCH /api/customer-business/acme/places/p1': (call) => {
          const body = call.body as { version: number; area: PlaceArea };
          patches.push(body);
          if (body.version !== stored.version)
            return Response.json({ code: 'conflict', message: MESSAGES.en.conflict }, { status: 409 });
          stored = { ...stored, area: body.area, version: stored.version + 1 };
          return Response.json(stored);
        },
        'GET /api/customer-business/acme/places': () => Response.json({ items: [stored], nextCursor: null }),
      },
    });
    const { queryClient } = renderWithProviders(<Harness tree={tree} user={olivia} />);
    fireEvent.click((await list()).getByRole('button', { name: 'Porto plant' }));
    fireEvent.click(await screen.findByRole('button', { name: en['places.reshape'] }));
    expect(screen.getByText(en['places.hint.reshape'])).toBeTruthy();
    const save = screen.getByRole('button', { name: en['places.saveShape'] }) as HTMLButtonElement;
    // Nothing to save before the shape changes.
    expect(save.disabled).toBe(true);
    stored = { ...stored, version: 4 };
    fireEvent.click(await screen.findByRole('button', { name: 'drag Porto plant' }));
    fireEvent.click(save);
    expect(await screen.findByText(en['places.conflict'])).toBeTruthy();
    await waitFor(() =>
      expect(queryClient.getQueryData<PlacePage>(getMapPlacesQueryOptions('acme').queryKey)?.items[0]?.version).toBe(4),
    );
    // The shape dragged is still there to save.
    expect(screen.getByRole('button', { name: 'drag Porto plant' })).toBeTruthy();
    fireEvent.click(save);
    expect(await screen.findByText('The shape of Porto plant was saved.')).toBeTruthy();
    expect(patches).toEqual([
      { version: 3, area: MOVED_CIRCLE },
      { version: 4, area: MOVED_CIRCLE },
    ]);
    expect(screen.queryByText(en['places.hint.reshape'])).toBeNull();
  });

  it('deletes a place after the confirmation', { timeout: 20_000 }, async () => {
    const deletions: string[] = [];
    stubServer({
      answers: {
        'DELETE /api/customer-business/acme/places/p1': (call) => {
          deletions.push(call.query.get('version') ?? '');
          return new Response(null, { status: 204 });
        },
      },
    });
    renderWithProviders(<Harness tree={tree} user={olivia} />);
    fireEvent.click((await list()).getByRole('button', { name: 'Porto plant' }));
    fireEvent.click(await screen.findByRole('button', { name: en['places.delete'] }));
    const confirm = within(await screen.findByRole('dialog', { name: en['places.deleteTitle'] }));
    fireEvent.click(confirm.getByRole('button', { name: en['places.delete'] }));
    expect(await screen.findByText('Place Porto plant deleted.')).toBeTruthy();
    expect(deletions).toEqual(['3']);
  });
});

describe('the POI groups', () => {
  it('creates a group with its timings in minutes and hours', { timeout: 20_000 }, async () => {
    const posts: unknown[] = [];
    stubServer({
      answers: {
        'POST /api/customer-business/acme/place-groups': (call) => {
          posts.push(call.body);
          return Response.json({ ...plants, _id: 'g3', name: 'Depots' });
        },
      },
    });
    renderWithProviders(<Harness tree={tree} user={olivia} />);
    await list();
    fireEvent.click(screen.getByRole('button', { name: en['places.groups'] }));
    const groups = within(await screen.findByRole('dialog', { name: en['places.groups'] }));
    const quarries = within(await groups.findByRole('listitem', { name: 'Quarries' }));
    expect(quarries.getByText(en['places.group.forbiddenChip'])).toBeTruthy();
    expect(quarries.getByText('at the place after 2 min · lost after 24 h · 1 place')).toBeTruthy();
    fireEvent.click(groups.getByRole('button', { name: en['places.group.add'] }));

    const dialog = within(await screen.findByRole('dialog', { name: en['places.group.createTitle'] }));
    const enter = dialog.getByRole('textbox', { name: new RegExp(`^${en['places.group.enterAfter']}`) });
    const lost = dialog.getByRole('textbox', { name: new RegExp(`^${en['places.group.lostAfter']}`) });
    fireEvent.change(enter, { target: { value: '2000' } });
    expect(await dialog.findByText(en['places.group.enterRange'])).toBeTruthy();
    fireEvent.change(lost, { target: { value: '0,01' } });
    expect(await dialog.findByText(en['places.group.lostRange'])).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: en['places.create'] }));
    expect(posts).toEqual([]);

    fireEvent.change(dialog.getByRole('textbox', { name: new RegExp(`^${en['places.group.name']}`) }), {
      target: { value: 'Depots' },
    });
    fireEvent.click(dialog.getByLabelText(en['places.group.forbidden']));
    fireEvent.change(enter, { target: { value: '5' } });
    fireEvent.change(lost, { target: { value: '1,5' } });
    fireEvent.click(dialog.getByRole('button', { name: en['places.create'] }));
    expect(await screen.findByText('Group Depots created.')).toBeTruthy();
    expect(posts).toEqual([{ name: 'Depots', forbidden: true, enterAfterMs: 300_000, lostAfterMs: 5_400_000 }]);
  });

  it("tells why a group still in use cannot be deleted, in the server's words", { timeout: 20_000 }, async () => {
    await changeLanguage('pt');
    stubServer({
      answers: {
        'DELETE /api/customer-business/acme/place-groups/g1': () =>
          Response.json({ code: 'place_group.in_use', message: MESSAGES.pt['place_group.in_use'] }, { status: 422 }),
      },
    });
    renderWithProviders(<Harness tree={tree} user={olivia} />);
    await screen.findByRole('list', { name: pt['places.list'] });
    fireEvent.click(screen.getByRole('button', { name: pt['places.groups'] }));
    const groups = within(await screen.findByRole('dialog', { name: pt['places.groups'] }));
    fireEvent.click(await groups.findByRole('button', { name: `${pt['places.delete']}: Plants` }));
    const confirm = within(await screen.findByRole('dialog', { name: pt['places.group.deleteTitle'] }));
    fireEvent.click(confirm.getByRole('button', { name: pt['places.delete'] }));
    expect(await groups.findByText(MESSAGES.pt['place_group.in_use'])).toBeTruthy();
  });
});
