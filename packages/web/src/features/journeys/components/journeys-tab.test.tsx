import { DEFAULT_PLAN, type JourneyDetail, journeyActionsOf, MESSAGES } from '@iot/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import pt from '@/i18n/pt.json';
import { renderWithProviders } from '@/testing/render';
import { deliveryDetail, journey } from '../testing/journey-fixtures';
import { type JourneysScope, JourneysTab } from './journeys-tab';

// The map needs WebGL, which the test browser lacks: a stand-in names what the map would mark.
vi.mock('./journey-map', () => ({
  default: ({ stops, endName }: { stops: { place: { name: string } | null }[]; endName: string }) => (
    <ul aria-label="map">
      {stops.map((stop, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
        <li key={index}>{stop.place?.name ?? '?'}</li>
      ))}
      <li>{endName}</li>
    </ul>
  ),
}));

const running = journey('j1', 'Porto to Braga delivery', { summary: { ...deliveryDetail().summary } });
const finished = journey('j2', 'Lisbon round', {
  state: 'finished',
  businessId: 'north',
  business: { id: 'north', description: 'North region' },
  device: { uuid: 'van-2', description: 'Delivery van 2' },
});

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = (call: Call) => Response | undefined;

/** The journey calls as the server answers them; `answer` may answer a call first. */
function stubServer(
  options: { journeyVisible?: boolean; journeyUnlocked?: boolean; detail?: () => JourneyDetail; answer?: Answer } = {},
) {
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
      const answered = options.answer?.(call);
      if (answered) return answered;
      if (call.path === '/api/contracts/pfs')
        return Response.json({
          features: {
            ...DEFAULT_PLAN,
            journeyVisible: options.journeyVisible ?? true,
            journeyUnlocked: options.journeyUnlocked ?? true,
          },
          business: { id: 'acme', description: 'Acme Water' },
        });
      if (call.path === '/api/customer-business/acme/journeys') {
        const state = call.query.get('state');
        if (state)
          return Response.json({ items: [running, finished].filter((one) => one.state === state), nextCursor: null });
        // Two pages, newest first.
        if (!call.query.get('cursor')) return Response.json({ items: [running], nextCursor: 'c1' });
        return Response.json({ items: [finished], nextCursor: null });
      }
      if (call.path === '/api/devices/van-1/journeys') return Response.json({ items: [running], nextCursor: null });
      if (call.path === '/api/journeys/j1') return Response.json(options.detail?.() ?? deliveryDetail());
      if (call.path === '/api/customer-business/acme/devices')
        return Response.json({ items: [{ uuid: 'van-3', description: 'Delivery van 3' }], nextCursor: null });
      return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
    }),
  );
  return calls;
}

const acme: JourneysScope = { kind: 'business', businessId: 'acme' };
const journeyPath = '/businesses/acme/slug-acme/config?tab=journeys&journey=j1';

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a level's journeys tab", () => {
  it('lists the journeys newest first with state, device, dates and distance, a page at a time, and by state', {
    timeout: 20_000,
  }, async () => {
    const calls = stubServer();
    renderWithProviders(<JourneysTab scope={acme} canEdit />, {
      path: '/businesses/acme/slug-acme/config?tab=journeys',
    });
    const first = within(await screen.findByRole('row', { name: 'Porto to Braga delivery' }));
    expect(first.getByText(en['journeys.state.running'])).toBeTruthy();
    expect(first.getByRole('link', { name: 'Delivery van 1' }).getAttribute('href')).toBe('/devices/van-1');
    expect(first.getByRole('link', { name: 'Porto to Braga delivery' }).getAttribute('href')).toBe(
      '/businesses/acme/slug-acme/config?tab=journeys&journey=j1',
    );
    expect(first.getByText('54.3 km')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: en['journeys.loadMore'] }));
    const second = within(await screen.findByRole('row', { name: 'Lisbon round' }));
    expect(second.getByText(en['journeys.state.finished'])).toBeTruthy();
    // A journey of a sublevel names its level.
    expect(second.getByText('North region')).toBeTruthy();
    expect(screen.queryByRole('button', { name: en['journeys.loadMore'] })).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: en['journeys.stateFilter'] }));
    fireEvent.click(await screen.findByRole('option', { name: en['journeys.state.finished'] }));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Porto to Braga delivery' })).toBeNull());
    expect(calls.at(-1)?.query.get('state')).toBe('finished');
  });

  it("shows the plan notice when the level's plan has no journeys", { timeout: 20_000 }, async () => {
    const calls = stubServer({ journeyVisible: false });
    renderWithProviders(<JourneysTab scope={acme} canEdit />);
    expect(await screen.findByText(en['journeys.notInPlan'], { exact: false })).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/journeys'))).toBe(false);
  });

  it('offers a new journey to users only, disabled with the plan notice where the plan does not unlock them', {
    timeout: 20_000,
  }, async () => {
    stubServer({ journeyUnlocked: false });
    const locked = renderWithProviders(<JourneysTab scope={acme} canEdit />);
    await screen.findByRole('row', { name: 'Porto to Braga delivery' });
    expect(screen.getByRole('button', { name: en['journeys.add'] }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(en['journeys.locked'], { exact: false })).toBeTruthy();
    locked.unmount();

    stubServer();
    renderWithProviders(<JourneysTab scope={acme} canEdit={false} />);
    await screen.findByRole('row', { name: 'Porto to Braga delivery' });
    expect(screen.queryByRole('button', { name: en['journeys.add'] })).toBeNull();
    expect(screen.queryByText(en['journeys.locked'], { exact: false })).toBeNull();
  });

  it('starts a journey for a device of the level, and says so when the device is already in one', {
    timeout: 20_000,
  }, async () => {
    let busy = true;
    const calls = stubServer({
      answer: (call) => {
        if (call.method !== 'POST') return undefined;
        if (busy)
          return Response.json(
            { code: 'journey.device_busy', message: MESSAGES.en['journey.device_busy'] },
            { status: 409 },
          );
        return Response.json(
          journey('j3', 'Trip to Faro', { device: { uuid: 'van-3', description: 'Delivery van 3' } }),
        );
      },
    });
    renderWithProviders(<JourneysTab scope={acme} canEdit />, {
      path: '/businesses/acme/slug-acme/config?tab=journeys',
    });
    fireEvent.click(await screen.findByRole('button', { name: en['journeys.add'] }));
    const dialog = within(await screen.findByRole('dialog', { name: en['journeys.createTitle'] }));
    fireEvent.click(dialog.getByRole('button', { name: en['journeys.create'] }));
    // The description and the device are missing.
    expect(await dialog.findAllByText(MESSAGES.en['validation.required'])).toHaveLength(2);

    fireEvent.change(dialog.getByRole('textbox', { name: en['journeys.description'] }), {
      target: { value: ' Trip to Faro ' },
    });
    fireEvent.change(dialog.getByRole('combobox', { name: en['journeys.device'] }), {
      target: { value: 'van 3' },
    });
    fireEvent.click(await screen.findByRole('option', { name: /Delivery van 3/ }));
    fireEvent.change(dialog.getByRole('textbox', { name: en['journeys.commentOptional'] }), {
      target: { value: 'Keep cold' },
    });
    fireEvent.click(dialog.getByRole('button', { name: en['journeys.create'] }));
    expect(await dialog.findByText('The device is already in a journey.')).toBeTruthy();

    busy = false;
    fireEvent.click(dialog.getByRole('button', { name: en['journeys.create'] }));
    expect(await screen.findByText(en['journeys.created'])).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.path, call.body])).toEqual([
      [
        '/api/customer-business/acme/journeys',
        { description: 'Trip to Faro', deviceUUID: 'van-3', comment: 'Keep cold' },
      ],
      [
        '/api/customer-business/acme/journeys',
        { description: 'Trip to Faro', deviceUUID: 'van-3', comment: 'Keep cold' },
      ],
    ]);
  });
});

describe("a device's journeys tab", () => {
  it("lists the device's journeys without naming the device, and starts one for the device itself", {
    timeout: 20_000,
  }, async () => {
    const calls = stubServer({
      answer: (call) => (call.method === 'POST' ? Response.json(journey('j3', 'Trip to Faro')) : undefined),
    });
    const scope: JourneysScope = {
      kind: 'device',
      businessId: 'acme',
      device: { uuid: 'van-1', description: 'Delivery van 1' },
    };
    renderWithProviders(<JourneysTab scope={scope} canEdit />, { path: '/devices/van-1?tab=journeys' });
    const row = within(await screen.findByRole('row', { name: 'Porto to Braga delivery' }));
    expect(row.queryByRole('link', { name: 'Delivery van 1' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: en['journeys.add'] }));
    const dialog = within(await screen.findByRole('dialog', { name: en['journeys.createTitle'] }));
    expect(dialog.getByRole('textbox', { name: en['journeys.device'] })).toHaveProperty('value', 'Delivery van 1');
    fireEvent.change(dialog.getByRole('textbox', { name: en['journeys.description'] }), {
      target: { value: 'Trip to Faro' },
    });
    fireEvent.click(dialog.getByRole('button', { name: en['journeys.create'] }));
    await screen.findByText(en['journeys.created']);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      description: 'Trip to Faro',
      deviceUUID: 'van-1',
      comment: '',
    });
  });
});

describe("a journey's page", () => {
  it('shows the summary, the stops with their places, the legs and the history with users and comments', {
    timeout: 20_000,
  }, async () => {
    stubServer();
    renderWithProviders(<JourneysTab scope={acme} canEdit />, { path: journeyPath });
    expect(await screen.findByRole('heading', { name: 'Porto to Braga delivery' })).toBeTruthy();
    const summary = within(screen.getByRole('region', { name: en['journeys.summary'] }));
    expect(summary.getByText('54.3 km')).toBeTruthy();
    expect(summary.getByText('1 h 05 min')).toBeTruthy();
    expect(summary.getByText('25 min')).toBeTruthy();
    expect(summary.getByText('96 km/h')).toBeTruthy();
    expect(summary.getByText('50 km/h')).toBeTruthy();

    const stops = within(screen.getByRole('table', { name: en['journeys.stops'] }));
    expect(stops.getByText('Trofa warehouse')).toBeTruthy();
    expect(stops.getByText(en['journeys.unknownPlace'])).toBeTruthy();
    expect(stops.getByText(en['journeys.stillThere'])).toBeTruthy();
    expect(stops.getByText('20 min')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: en['journeys.legs'] })).getByText('30.1 km')).toBeTruthy();

    const history = within(screen.getByRole('list', { name: en['journeys.history'] }));
    expect(history.getByText(en['journeys.transition.created'])).toBeTruthy();
    expect(history.getByText(/olivia@example.com/)).toBeTruthy();
    expect(history.getByText(/Platform/)).toBeTruthy();
    expect(history.getByText('Driver changed')).toBeTruthy();
    // An open journey's B is where its device is now.
    expect(await screen.findByText(en['journeys.map.latest'])).toBeTruthy();
  });

  it('offers the actions its state allows, pauses it over the version read, and reads it again', {
    timeout: 20_000,
  }, async () => {
    let detail = deliveryDetail();
    const calls = stubServer({
      detail: () => detail,
      answer: (call) => {
        if (call.method !== 'POST') return undefined;
        detail = deliveryDetail({
          state: 'paused',
          actions: journeyActionsOf('paused'),
          version: 2,
          history: [
            ...detail.history,
            { transition: 'paused', user: 'olivia@example.com', comment: 'Lunch', date: '2026-03-02T10:00:00.000Z' },
          ],
        });
        return Response.json(detail);
      },
    });
    renderWithProviders(<JourneysTab scope={acme} canEdit />, { path: journeyPath });
    await screen.findByRole('heading', { name: 'Porto to Braga delivery' });
    const buttons = () =>
      ['pause', 'restart', 'finalize', 'cancel', 'comment'].filter((action) =>
        screen.queryByRole('button', { name: en[`journeys.action.${action}` as keyof typeof en] }),
      );
    expect(buttons()).toEqual(['pause', 'finalize', 'cancel', 'comment']);

    fireEvent.click(screen.getByRole('button', { name: en['journeys.action.pause'] }));
    const dialog = within(await screen.findByRole('dialog', { name: en['journeys.actionTitle.pause'] }));
    fireEvent.change(dialog.getByRole('textbox', { name: en['journeys.commentOptional'] }), {
      target: { value: 'Lunch' },
    });
    fireEvent.click(dialog.getByRole('button', { name: en['journeys.action.pause'] }));
    expect(await screen.findByText(en['journeys.done.pause'])).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/journeys/j1/pause',
      body: { version: 1, comment: 'Lunch' },
    });
    await waitFor(() => expect(buttons()).toEqual(['restart', 'finalize', 'cancel', 'comment']));
    expect(screen.getAllByText(en['journeys.state.paused']).length).toBeGreaterThan(0);
  });

  it('shows the conflict message when someone acted first, and reads the journey again', {
    timeout: 20_000,
  }, async () => {
    let detail = deliveryDetail();
    const calls = stubServer({
      detail: () => detail,
      answer: (call) => {
        if (call.method !== 'POST') return undefined;
        detail = deliveryDetail({ state: 'finished', actions: journeyActionsOf('finished'), version: 2 });
        return Response.json({ code: 'conflict', message: MESSAGES.en.conflict }, { status: 409 });
      },
    });
    renderWithProviders(<JourneysTab scope={acme} canEdit />, { path: journeyPath });
    fireEvent.click(await screen.findByRole('button', { name: en['journeys.action.cancel'] }));
    const dialog = within(await screen.findByRole('dialog', { name: en['journeys.actionTitle.cancel'] }));
    fireEvent.click(dialog.getByRole('button', { name: en['journeys.action.cancel'] }));
    expect(await screen.findByText(MESSAGES.en.conflict)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText(en['journeys.state.finished']);
    expect(screen.queryByRole('button', { name: en['journeys.action.cancel'] })).toBeNull();
    expect(calls.filter((call) => call.path === '/api/journeys/j1' && call.method === 'GET').length).toBeGreaterThan(1);
  });

  it('requires a comment to comment, and speaks Portuguese', { timeout: 20_000 }, async () => {
    await changeLanguage('pt');
    stubServer();
    renderWithProviders(<JourneysTab scope={acme} canEdit />, { path: journeyPath });
    expect(await screen.findByText(pt['journeys.state.running'])).toBeTruthy();
    expect(screen.getByText('54,3 km')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: pt['journeys.action.comment'] }));
    const dialog = within(await screen.findByRole('dialog', { name: pt['journeys.actionTitle.comment'] }));
    fireEvent.click(dialog.getByRole('button', { name: pt['journeys.action.comment'] }));
    expect(await dialog.findByText(MESSAGES.pt['journey.comment_required'])).toBeTruthy();
  });

  it('says so when the journey is out of reach', { timeout: 20_000 }, async () => {
    stubServer();
    renderWithProviders(<JourneysTab scope={acme} canEdit />, {
      path: '/businesses/acme/slug-acme/config?tab=journeys&journey=gone',
    });
    expect(await screen.findByText(en['journeys.notFound'])).toBeTruthy();
    expect(screen.getByRole('link', { name: en['journeys.back'] }).getAttribute('href')).toBe(
      '/businesses/acme/slug-acme/config?tab=journeys',
    );
  });
});
