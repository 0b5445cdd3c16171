import {
  type Business,
  type Device,
  type DeviceTypeInfo,
  PARAMETERIZATION_COLOURS,
  type ParameterPreset,
} from '@iot/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '@/api/session';
import { UiProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createSnackbarStore } from '@/components/snackbars/snackbar-store';
import { changeLanguage } from '@/i18n';
import { testDevice } from '@/testing/device';
import { DeviceList } from './device-list';

function device(uuid: string, description: string, extra: Partial<Device> = {}): Device {
  return testDevice({
    uuid,
    description,
    sigfoxID: `${uuid.toUpperCase()}0`,
    businessId: 'porto',
    business: { id: 'porto', description: 'Porto plant' },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  });
}

const devices = [
  device('a1', 'Cold room 1', {
    parameters: { values: {}, status: 'WAITING' },
    parameterization: { status: 'WAITING', label: 'Waiting', colour: PARAMETERIZATION_COLOURS.WAITING },
    lastSeenAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    signalValues: {
      temperature: { value: 4.5, date: new Date(Date.now() - 5 * 60_000).toISOString() },
      low_battery: { value: false, date: new Date(Date.now() - 5 * 60_000).toISOString() },
    },
    location: {
      state: 'atForbiddenPoi',
      place: { id: 'leixoes', name: 'Leixões dock' },
      since: new Date(Date.now() - 90 * 60_000).toISOString(),
    },
  }),
  device('b2', 'Cold room 2', {
    location: { state: 'lost', place: null, since: new Date(Date.now() - 3 * 24 * 3_600_000).toISOString() },
  }),
];

const types: Partial<DeviceTypeInfo>[] = [
  {
    id: 'th-sensor-sigfox',
    name: 'TH-S temperature and humidity sensor',
    signals: [
      { key: 'temperature', name: 'Temperature', unit: '°C', kind: 'value', valueType: 'number', showInList: true },
      { key: 'low_battery', name: 'Low battery', kind: 'alarm', valueType: 'boolean', showInList: false },
      { key: 'sequence', name: 'Sequence number', kind: 'debug', valueType: 'number', showInList: false },
    ],
  },
];

/** The devices API as the server answers it: one page of the devices whose description has the search. */
function stubServer() {
  const bodies: Record<string, unknown>[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const { pathname } = new URL(input, 'http://localhost');
    const body = init?.body ? (JSON.parse(String(init.body)) as { search?: string }) : {};
    const matching = devices.filter((one) => one.description.toLowerCase().includes(body.search?.toLowerCase() ?? ''));
    switch (pathname) {
      case '/api/devices/filter':
        bodies.push(body);
        return Response.json({ items: matching, nextCursor: null });
      case '/api/devices/filter-count':
        return Response.json({ count: matching.length });
      case '/api/device-types':
        return Response.json(types);
      case '/api/customer-business':
        return Response.json([]);
      default:
        return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return bodies;
}

/** The list inside a data router at `url` (the plan of the current business is read from the route's matches). */
function renderList(ui: ReactElement, url = '/devices') {
  const snackbars = createSnackbarStore();
  const queryClient = createQueryClient({ snackbars });
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <UiProviders snackbars={snackbars}>
        <RouterProvider router={router} />
      </UiProviders>
    </QueryClientProvider>,
  );
  return router;
}

const bodyRows = () => screen.getAllByRole('row').slice(1);

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
});

describe('the device list', () => {
  it("shows each device's latest values of the signals its type lists, in the list and on the cards", async () => {
    stubServer();
    renderList(<DeviceList />);
    const [first, second] = (await screen.findAllByRole('row')).slice(1).map((row) => within(row));
    const values = await first?.findByTitle('Temperature: 4.5 °C');
    // Signals not marked to show in lists stay on the device's screen.
    expect(values?.textContent).toBe('Temperature 4.5 °C');
    expect(second?.getByText('—')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cards' }));
    const card = within(await screen.findByRole('listitem', { name: 'Cold room 1' }));
    expect(card.getByText('Latest values')).toBeTruthy();
    expect(card.getByTitle('Temperature: 4.5 °C')).toBeTruthy();
    expect(card.getByText('Location')).toBeTruthy();
    expect(card.getByLabelText('At forbidden POI: Leixões dock')).toBeTruthy();
  });

  it('opens as cards on a phone, until another view is chosen, which the URL then keeps', async () => {
    stubServer();
    // A phone's width: every query of a maximum width matches.
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    const router = renderList(<DeviceList />);
    expect(await screen.findByRole('listitem', { name: 'Cold room 1' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(router.state.location.search).toBe('?view=list');
  });

  it('shows a row per device with its facts and the parameterization status in its colour', async () => {
    stubServer();
    renderList(<DeviceList />);
    await screen.findByText('Cold room 1');
    expect(screen.getByText('Devices: 2')).toBeTruthy();
    expect(bodyRows()).toHaveLength(2);
    const [first, second] = bodyRows().map((row) => within(row));
    expect(first?.getByRole('link', { name: 'Cold room 1' }).getAttribute('href')).toBe('/devices/a1');
    expect(first?.getByText('Sigfox')).toBeTruthy();
    expect(first?.getByText('A10')).toBeTruthy();
    expect(first?.getByText('Porto plant')).toBeTruthy();
    expect(first?.getByRole('img', { name: 'Seen in the last 24 hours' })).toBeTruthy();
    expect(await first?.findByText('TH-S temperature and humidity sensor')).toBeTruthy();
    const chip = first?.getByText('Waiting').closest('.MuiChip-root');
    expect(chip && getComputedStyle(chip).backgroundColor).toMatch(/255, 152, 0|#ff9800/i);
    expect(second?.getByText('Never')).toBeTruthy();
    expect(second?.queryByText('Waiting')).toBeNull();
    // The location state: the place's name at a place, in the colour of its state; a forbidden place and a lost device
    // in full colour.
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toContain('Location');
    const forbidden = first?.getByLabelText('At forbidden POI: Leixões dock');
    expect(forbidden?.textContent).toBe('Leixões dock');
    expect(forbidden?.className).toMatch(/MuiChip-filled .*MuiChip-colorError/);
    expect(second?.getByLabelText('Lost').className).toMatch(/MuiChip-filled .*MuiChip-colorWarning/);
  });

  it('asks the server again once typing in the search pauses, within the business when scoped', async () => {
    const bodies = stubServer();
    const router = renderList(<DeviceList businessId="porto" />);
    await screen.findByText('Cold room 2');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search devices' }), { target: { value: 'room 1' } });
    // The search waits for typing to pause, then for the URL and the server.
    await waitFor(() => expect(screen.queryByText('Cold room 2')).toBeNull(), { timeout: 4000 });
    expect(bodyRows()).toHaveLength(1);
    expect(bodies.at(-1)).toMatchObject({ businessId: 'porto', search: 'room 1' });
    expect(bodies[0]).toMatchObject({ businessId: 'porto', sort: { by: 'description', order: 'asc' } });
    // The search is in the URL, so a reload keeps it.
    expect(router.state.location.search).toBe('?q=room+1');
  });

  it('says so when no device matches', async () => {
    stubServer();
    renderList(<DeviceList />, '/devices?q=boiler');
    expect(await screen.findByText('No device matches these filters.')).toBeTruthy();
  });
});

/** Picks `option` in the MUI select labelled `name`. */
function choose(name: string, option: string, container: HTMLElement = document.body) {
  fireEvent.mouseDown(within(container).getByRole('combobox', { name }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('the signal value and last-seen filters', () => {
  it('adds a condition on a signal as a chip, never sends an empty one, and removes it', async () => {
    const bodies = stubServer();
    const router = renderList(<DeviceList />);
    await screen.findByText('Cold room 2');
    fireEvent.click(screen.getByRole('button', { name: 'Signal value' }));
    const form = await screen.findByRole('form', { name: "Filter by a signal's latest value" });
    // Debug signals are not offered; the others come in the order of their names.
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Signal' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Low battery', 'Temperature (°C)']);
    fireEvent.click(screen.getByRole('option', { name: 'Temperature (°C)' }));
    choose('Condition', 'Greater than', form);
    const sent = bodies.length;
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).getByText('Required')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Value' }), { target: { value: 'warm' } });
    expect(within(form).getByText('Enter a number')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Value' }), { target: { value: '8,5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));

    const conditions = await screen.findByRole('list', { name: 'Signal conditions' });
    expect(within(conditions).getByText('Temperature > 8.5 °C')).toBeTruthy();
    await waitFor(() => expect(bodies.at(-1)).toHaveProperty('signalValues'));
    expect(bodies.slice(sent).filter((body) => 'signalValues' in body)).toEqual([
      expect.objectContaining({ signalValues: [{ signal: 'temperature', op: 'gt', value: 8.5 }] }),
    ]);
    expect(router.state.location.search).toBe('?signal=temperature%3Agt%3A8.5');

    fireEvent.click(within(conditions).getByRole('img', { name: 'Remove the condition Temperature > 8.5 °C' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Signal conditions' })).toBeNull());
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(bodies.at(-1)).not.toHaveProperty('signalValues'));
  });

  it('asks for a last-seen window in hours and keeps it in the URL', async () => {
    const bodies = stubServer();
    const router = renderList(<DeviceList />);
    await screen.findByText('Cold room 2');
    choose('Last seen', 'Within 7 days');
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ seenWithinHours: 168 }));
    expect(router.state.location.search).toBe('?seen=7d');
    choose('Last seen', 'Not seen for over 7 days');
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ notSeenForHours: 168 }));
    expect(bodies.at(-1)).not.toHaveProperty('seenWithinHours');
    expect(router.state.location.search).toBe('?seen=silent-7d');
    choose('Last seen', 'Never seen');
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ neverSeen: true }));
    expect(bodies.at(-1)).not.toHaveProperty('notSeenForHours');
    choose('Last seen', 'Any time');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(bodies.at(-1)).not.toHaveProperty('neverSeen'));
  });

  it('asks for the location states chosen and sorts by location state, keeping both in the URL', async () => {
    const bodies = stubServer();
    const router = renderList(<DeviceList />);
    await screen.findByText('Cold room 2');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Location' }));
    const options = within(screen.getByRole('listbox'));
    expect(options.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'In transit',
      'At POI',
      'At forbidden POI',
      'At unknown location',
      'Lost',
      'Unavailable',
    ]);
    fireEvent.click(options.getByRole('option', { name: 'At forbidden POI' }));
    fireEvent.click(options.getByRole('option', { name: 'Lost' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ locationStates: ['atForbiddenPoi', 'lost'] }));
    expect(router.state.location.search).toBe('?location=atForbiddenPoi%2Clost');
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    choose('Sort by', 'Location state (Z–A)');
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ sort: { by: 'locationState', order: 'desc' } }));
    expect(router.state.location.search).toBe('?location=atForbiddenPoi%2Clost&sort=-locationState');
  });

  it('names the location states in the interface language', async () => {
    await changeLanguage('pt');
    const bodies = stubServer();
    renderList(<DeviceList />, '/devices?location=lost');
    await screen.findByText('Cold room 2');
    expect(screen.getByRole('combobox', { name: 'Localização' }).textContent).toBe('Perdido');
    expect(bodies[0]).toMatchObject({ locationStates: ['lost'] });
    const [first] = bodyRows().map((row) => within(row));
    expect(first?.getByLabelText('Em POI proibido: Leixões dock')).toBeTruthy();
  });

  it('reads a silent window back from the URL, named in the interface language', async () => {
    await changeLanguage('pt');
    const bodies = stubServer();
    renderList(<DeviceList />, '/devices?seen=silent-30d');
    await screen.findByText('Cold room 2');
    expect(screen.getByRole('combobox', { name: 'Última comunicação' }).textContent).toBe(
      'Sem comunicar há mais de 30 dias',
    );
    expect(bodies[0]).toMatchObject({ notSeenForHours: 720 });
  });

  it('reads the conditions and the window back from the URL, named in the interface language', async () => {
    await changeLanguage('pt');
    const bodies = stubServer();
    renderList(<DeviceList />, '/devices?seen=1h&signal=temperature:lte:-2&signal=low_battery:eq:true');
    const conditions = await screen.findByRole('list', { name: 'Condições de sinal' });
    expect(await within(conditions).findByText('Temperatura ≤ -2 °C')).toBeTruthy();
    expect(within(conditions).getByText('Bateria fraca = Sim')).toBeTruthy();
    expect(within(conditions).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'Última comunicação' }).textContent).toBe('Na última hora');
    expect(bodies[0]).toMatchObject({
      seenWithinHours: 1,
      signalValues: [
        { signal: 'temperature', op: 'lte', value: -2 },
        { signal: 'low_battery', op: 'eq', value: true },
      ],
    });
  });
});

const waiting = { status: 'WAITING', label: 'Waiting', colour: PARAMETERIZATION_COLOURS.WAITING } as const;
const summer: Partial<ParameterPreset> = {
  uuid: 'p1',
  name: 'Summer',
  description: 'Cold rooms in summer',
  model: 'th-sensor-sigfox',
  businessId: 'acme',
  business: { id: 'acme', description: 'Acme Water' },
};
const node = (id: string, description: string, parent: string | null, users: Business['usersAdv']['users']) =>
  ({ _id: id, slug: id, description, parent, children: [], usersAdv: { users } }) as Partial<Business>;

/**
 * The server of a group configuration: two cold rooms and a van, one preset for the cold rooms' type; the preset
 * call refuses the van (another type) and leaves the others waiting for their parameters, as the server does.
 */
function stubConfigureServer(businesses: Partial<Business>[] = []) {
  const fleet = [
    device('a1', 'Cold room 1', { parameters: { values: {}, status: 'CONFIRMED' } }),
    device('b2', 'Cold room 2'),
    device('c3', 'Van 3', { deviceType: 'gps-tracker', businessId: 'lisbon' }),
  ];
  const applied: unknown[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    switch (url.pathname) {
      case '/api/devices/filter':
        return Response.json({ items: fleet, nextCursor: null });
      case '/api/devices/filter-count':
        return Response.json({ count: fleet.length });
      case '/api/device-types':
        return Response.json([...types, { id: 'gps-tracker', name: 'GT-C GPS tracker', signals: [] }]);
      case '/api/customer-business':
        return Response.json(businesses);
      case '/api/users/ana%40example.com':
        return Response.json({ email: 'ana@example.com', role: 'user' });
      case '/api/parameter-presets':
        return Response.json(url.searchParams.get('model') === 'th-sensor-sigfox' ? [summer] : []);
      case '/api/devices/bulk-param-preset': {
        const body = JSON.parse(String(init?.body)) as { devices: string[]; presetId: string };
        applied.push(body);
        const results = body.devices.map((uuid) => {
          const one = fleet.find((candidate) => candidate.uuid === uuid);
          if (one?.deviceType !== 'th-sensor-sigfox')
            return {
              device: uuid,
              ok: false,
              code: 'device.preset_other_type',
              message: 'The preset is for another device type.',
            };
          Object.assign(one, { parameters: { values: {}, status: 'WAITING' }, parameterization: waiting });
          return { device: uuid, ok: true, uuid };
        });
        const succeeded = results.filter((result) => result.ok).length;
        return Response.json({ results, succeeded, failed: results.length - succeeded });
      }
      default:
        return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return applied;
}

const select = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name: `Select ${name}` }));

describe('the group configuration', () => {
  it('gives the selection a preset of its type and lists the devices not configured, with the reason', async () => {
    const applied = stubConfigureServer();
    renderList(<DeviceList />);
    await screen.findByText('Van 3');
    select('Cold room 1');
    select('Cold room 2');
    select('Van 3');
    fireEvent.click(screen.getByRole('button', { name: 'Configure' }));

    const dialog = await screen.findByRole('dialog', { name: 'Configure 3 selected devices' });
    const preset = await within(dialog).findByRole('radio', { name: /Summer — Cold rooms in summer/ });
    expect(
      within(dialog).getByText('TH-S temperature and humidity sensor · Acme Water · for 2 of the 3 selected devices'),
    ).toBeTruthy();
    const apply = within(dialog).getByRole('button', { name: 'Apply preset' });
    expect(apply.hasAttribute('disabled')).toBe(true);
    fireEvent.click(preset);
    expect(
      within(dialog).getByText(
        "1 of the selected devices are of another type than this preset's, or of a business it does not apply to: they will not be configured and will be listed afterwards.",
      ),
    ).toBeTruthy();
    fireEvent.click(apply);

    const result = await screen.findByRole('dialog', { name: 'Configuring devices' });
    await within(result).findByText('Configured 2 of 3 devices.');
    const notConfigured = within(result).getByRole('list', { name: 'Devices not configured' });
    expect(
      within(notConfigured)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Van 3The preset is for another device type.']);
    expect(applied).toEqual([{ devices: ['a1', 'b2', 'c3'], presetId: 'p1' }]);

    // The list is read again: the configured devices wait for their parameters, in orange.
    fireEvent.click(within(result).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(bodyRows().filter((row) => within(row).queryByText('Waiting'))).toHaveLength(2));
    const chip = within(bodyRows()[0] as HTMLElement)
      .getByText('Waiting')
      .closest('.MuiChip-root');
    expect(chip && getComputedStyle(chip).backgroundColor).toMatch(/255, 152, 0|#ff9800/i);
    expect(screen.getByText('Devices: 3')).toBeTruthy();
  });

  it("offers a preset of a business above the caller's part of the tree, which the levels below share", async () => {
    // Porto plant is all the caller reaches; the preset belongs to Acme Water, above it.
    stubConfigureServer([node('porto', 'Porto plant', null, [{ email: 'ana@example.com', role: 'admin' }])]);
    renderList(<DeviceList />);
    await screen.findByText('Cold room 2');
    select('Cold room 1');
    select('Cold room 2');
    fireEvent.click(await screen.findByRole('button', { name: 'Configure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure 2 selected devices' });
    expect(await within(dialog).findByRole('radio', { name: /Summer — Cold rooms in summer/ })).toBeTruthy();
    expect(
      within(dialog).getByText('TH-S temperature and humidity sensor · Acme Water · for 2 of the 2 selected devices'),
    ).toBeTruthy();
  });

  it('moves and deletes only devices of levels the caller administers, and says so beforehand', async () => {
    saveSession({ token: 'tok', email: 'ana@example.com' });
    stubConfigureServer([
      node('porto', 'Porto plant', null, [{ email: 'ana@example.com', role: 'admin' }]),
      node('lisbon', 'Lisbon plant', null, [{ email: 'ana@example.com', role: 'viewer' }]),
    ]);
    renderList(<DeviceList />);
    await screen.findByText('Van 3');
    select('Van 3');
    // Only a device of a viewed level: neither moved nor deleted.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move to business' }).hasAttribute('disabled')).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    select('Cold room 1');
    expect(screen.getByRole('button', { name: 'Move to business' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the selected devices?' });
    expect(
      within(confirm).getByText(
        'Devices to delete: 2. Their data is deleted with them; this cannot be undone. Your role does not let you delete 1 of them: they will not be deleted and will be listed afterwards.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    select('Van 3');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move to business' }).hasAttribute('disabled')).toBe(false),
    );
  });

  it('says so when every selected device was configured', async () => {
    stubConfigureServer();
    renderList(<DeviceList />);
    await screen.findByText('Cold room 2');
    select('Cold room 1');
    select('Cold room 2');
    fireEvent.click(screen.getByRole('button', { name: 'Configure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure 2 selected devices' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Summer/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply preset' }));
    const result = await screen.findByRole('dialog', { name: 'Configuring devices' });
    await within(result).findByText(
      'Every selected device was configured (2). They take the new parameters when they next ask for them.',
    );
    expect(within(result).queryByRole('list')).toBeNull();
  });

  it('offers no configuration to a viewer, and warns a user that the devices of a viewed business will be refused', async () => {
    saveSession({ token: 'tok', email: 'ana@example.com' });
    stubConfigureServer([
      node('porto', 'Porto plant', null, [{ email: 'ana@example.com', role: 'viewer' }]),
      node('lisbon', 'Lisbon plant', null, [{ email: 'ana@example.com', role: 'user' }]),
    ]);
    renderList(<DeviceList />);
    await screen.findByText('Van 3');
    select('Cold room 1');
    select('Cold room 2');
    await screen.findByRole('button', { name: 'Move to business' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Configure' })).toBeNull());

    select('Van 3');
    fireEvent.click(await screen.findByRole('button', { name: 'Configure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure 3 selected devices' });
    expect(
      within(dialog).getByText(
        'Your role does not let you change the parameters of 2 of the selected devices: they will not be configured and will be listed afterwards.',
      ),
    ).toBeTruthy();
  });
});
