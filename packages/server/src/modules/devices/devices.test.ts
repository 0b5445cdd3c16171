import { type BusinessRole, Device, DevicePage } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const PASSWORD = 'a good password';
const BUSINESSES = '/api/customer-business';

describe.each(databaseKinds())('devices on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  const nodes: Record<string, string> = {};
  const tokens: Record<string, string> = {};

  const createBusiness = async (name: string, parent?: string) => {
    const response = await t.request({
      method: 'POST',
      url: parent ? `${BUSINESSES}/${nodes[parent]}` : BUSINESSES,
      payload: { description: name },
      token: staff,
    });
    if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
    nodes[name] = response.json()._id;
  };
  const userWith = async (name: string, node: string, role: BusinessRole) => {
    const user = await t.createUser(`${name.toLowerCase()}@example.com`, PASSWORD);
    await t.services.businessesRepo.setEntry(nodes[node] ?? '', user.id, role, Date.now());
    tokens[name] = await t.signIn(`${name.toLowerCase()}@example.com`, PASSWORD);
    return user.id;
  };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });
  const createDevice = async (payload: object, token = staff) => {
    const response = await call('POST', '/api/devices', token, payload);
    if (response.statusCode !== 201) throw new Error(`device failed: ${response.body}`);
    return response.json() as Device;
  };
  const storedDevices = async () =>
    (await t.db.selectFrom('devices').select('id').execute()).map((row) => row.id).sort();
  const filter = async (token: string, body: object) => {
    const response = await call('POST', '/api/devices/filter', token, body);
    expect(response.statusCode, response.body).toBe(200);
    return DevicePage.parse(response.json());
  };
  const deviceCountOf = async (node: string) =>
    (await call('GET', `${BUSINESSES}/${nodes[node]}`, staff)).json().deviceCount as number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    // Pages are read on SQLite's reader thread once it is up, and on the main thread until then: these tests read them
    // there (`sqlite-reader.ts`; `reusable-query.test.ts` reads on the main thread).
    await t.database.startReader();
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    // Acme → North → Porto; Acme → South; Bravo (another tenant).
    await createBusiness('Acme');
    await createBusiness('North', 'Acme');
    await createBusiness('Porto', 'North');
    await createBusiness('South', 'Acme');
    await createBusiness('Bravo');
    await userWith('AcmeAdmin', 'Acme', 'admin');
    await userWith('NorthAdmin', 'North', 'admin');
    await userWith('PortoUser', 'Porto', 'user');
    await userWith('PortoViewer', 'Porto', 'viewer');
    await userWith('BravoAdmin', 'Bravo', 'admin');
  });
  afterAll(async () => t?.close());

  it('should require authentication', async () => {
    for (const [method, url] of [
      ['GET', '/api/devices'],
      ['GET', '/api/devices/all'],
      ['GET', '/api/devices/some-id'],
      ['POST', '/api/devices'],
      ['PUT', '/api/devices'],
      ['DELETE', '/api/devices/some-id'],
      ['POST', '/api/devices/filter'],
      ['POST', '/api/devices/filter-count'],
      ['POST', '/api/devices/bulk-business-set'],
      ['POST', '/api/devices/from-scratch'],
      ['POST', '/api/devices/debug/decode-frame'],
      ['GET', '/api/device-types'],
    ] as const) {
      const response = await call(method, url, undefined, method === 'GET' ? undefined : {});
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  describe('one device', () => {
    it('creates a device with its network id normalised and its communication type derived', async () => {
      const device = await createDevice(
        {
          businessId: nodes.Porto,
          deviceType: 'cayenne-lpp',
          description: 'Tank sensor',
          serialNumber: 'SN-1',
          loraEUI: '70-b3-d5-7e-d0-00-00-01',
        },
        tokens.NorthAdmin,
      );
      expect(device).toMatchObject({
        description: 'Tank sensor',
        serialNumber: 'SN-1',
        deviceType: 'cayenne-lpp',
        loraEUI: '70B3D57ED0000001',
        mac: null,
        communicationType: 'lora',
        businessId: nodes.Porto,
        business: { id: nodes.Porto, description: 'Porto' },
        asset: null,
        signalValues: {},
        parameters: { values: {}, status: null },
        parameterization: null,
        lastSeenAt: null,
        version: 1,
      });
      expect(await deviceCountOf('Porto')).toBe(1);
      expect(await deviceCountOf('Acme')).toBe(1);
      const got = await call('GET', `/api/devices/${device.uuid}`, tokens.PortoViewer);
      expect(got.json()).toEqual(device);
      // Written without a check on the way out: the answer must read as the schema says.
      expect(Device.parse(got.json())).toEqual(got.json());
    });

    it('refuses bad input with a clear, localised error and stores nothing', async () => {
      const before = await storedDevices();
      const unknownType = await call('POST', '/api/devices?lang=pt', staff, {
        businessId: nodes.Porto,
        deviceType: 'toaster',
        mac: 'AA:BB:CC:DD:EE:01',
      });
      expect(unknownType.statusCode).toBe(422);
      expect(unknownType.json()).toMatchObject({
        code: 'device.unknown_type',
        message: 'Tipo de dispositivo desconhecido toaster.',
      });
      const badEui = await call('POST', '/api/devices', staff, {
        businessId: nodes.Porto,
        deviceType: 'cayenne-lpp',
        loraEUI: 'not-an-eui',
      });
      expect(badEui.statusCode).toBe(400);
      expect(badEui.json().fields).toEqual({ loraEUI: 'A LoRa DevEUI is 16 hexadecimal characters (0-9, A-F).' });
      const badImei = await call('POST', '/api/devices?lang=pt', staff, {
        businessId: nodes.Porto,
        deviceType: 'gps-tracker',
        IMEI: '490154203237519',
      });
      expect(badImei.statusCode).toBe(400);
      expect(badImei.json().fields).toEqual({
        IMEI: 'Um IMEI tem 15 dígitos, sendo o último um dígito de controlo válido.',
      });
      const longSerial = await call('POST', '/api/devices?lang=pt', staff, {
        businessId: nodes.Porto,
        deviceType: 'gps-tracker',
        serialNumber: 'S'.repeat(101),
      });
      expect(longSerial.json().fields).toEqual({ serialNumber: 'No máximo 100 caracteres' });
      const badMac = await call('POST', '/api/devices', staff, {
        businessId: nodes.Porto,
        deviceType: 'gps-tracker',
        mac: 'AA:BB:CC:DD:EE',
      });
      expect(badMac.json().fields).toEqual({ mac: 'A MAC address is 12 hexadecimal characters (0-9, A-F).' });
      const wrongNetwork = await call('POST', '/api/devices', staff, {
        businessId: nodes.Porto,
        deviceType: 'cayenne-lpp',
        sigfoxID: '1A2B3C',
      });
      expect(wrongNetwork.statusCode).toBe(422);
      expect(wrongNetwork.json().code).toBe('device.network_not_supported');
      const duplicate = await call('POST', '/api/devices', staff, {
        businessId: nodes.South,
        deviceType: 'cayenne-lpp',
        loraEUI: '70B3D57ED0000001',
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toMatchObject({
        code: 'device.network_id_taken',
        message: 'The network id 70B3D57ED0000001 is already used by another device.',
      });
      expect(await storedDevices()).toEqual(before);
    });

    it("keeps devices between tenants: another tenant's device is 404 for every call", async () => {
      const bravo = await createDevice({ businessId: nodes.Bravo, deviceType: 'gps-tracker', IMEI: '490154203237518' });
      const acme = tokens.AcmeAdmin ?? '';
      expect((await call('GET', `/api/devices/${bravo.uuid}`, acme)).statusCode).toBe(404);
      expect(
        (await call('PUT', '/api/devices', acme, { uuid: bravo.uuid, version: 1, description: 'x' })).statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/api/devices/${bravo.uuid}`, acme)).statusCode).toBe(404);
      const created = await call('POST', '/api/devices', acme, {
        businessId: nodes.Bravo,
        deviceType: 'gps-tracker',
        IMEI: '356938035643809',
      });
      expect(created.statusCode).toBe(404);
      const moved = await call('POST', '/api/devices/bulk-business-set', acme, {
        devices: [bravo.uuid],
        businessId: nodes.Acme,
      });
      expect(moved.json()).toMatchObject({ succeeded: 0, failed: 1, results: [{ ok: false, code: 'not_found' }] });
      const listed = await filter(acme, {});
      expect(listed.items.map((device) => device.uuid)).not.toContain(bravo.uuid);
      expect((await call('GET', `/api/devices?businessId=${nodes.Bravo}`, acme)).statusCode).toBe(404);
      const [stored] = await t.db
        .selectFrom('devices')
        .select(['description', 'businessId'])
        .where('id', '=', bravo.uuid)
        .execute();
      expect(stored).toEqual({ description: bravo.description, businessId: nodes.Bravo });
    });

    it('lets users edit, viewers only read, and only admins add or delete', async () => {
      const device = await createDevice({
        businessId: nodes.Porto,
        deviceType: 'gps-tracker',
        IMEI: '356938035643809',
      });
      const viewer = await call('PUT', '/api/devices', tokens.PortoViewer, {
        uuid: device.uuid,
        version: 1,
        description: 'Van 1',
      });
      expect(viewer.statusCode, viewer.body).toBe(403);
      const edited = await call('PUT', '/api/devices', tokens.PortoUser, {
        uuid: device.uuid,
        version: 1,
        description: 'Van 1',
        mac: 'aa:bb:cc:dd:ee:02',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({
        description: 'Van 1',
        mac: 'AABBCCDDEE02',
        communicationType: 'wifi',
        version: 2,
      });
      const stale = await call('PUT', '/api/devices', tokens.PortoUser, {
        uuid: device.uuid,
        version: 1,
        description: 'Lost update',
      });
      expect(stale.statusCode).toBe(409);
      expect((await call('GET', `/api/devices/${device.uuid}`, staff)).json().description).toBe('Van 1');
      const userCreates = await call('POST', '/api/devices', tokens.PortoUser, {
        businessId: nodes.Porto,
        deviceType: 'gps-tracker',
        IMEI: '353918057822658',
      });
      expect(userCreates.statusCode).toBe(403);
      expect((await call('DELETE', `/api/devices/${device.uuid}`, tokens.PortoUser)).statusCode).toBe(403);
      const countBefore = await deviceCountOf('Porto');
      expect((await call('DELETE', `/api/devices/${device.uuid}`, tokens.NorthAdmin)).statusCode).toBe(204);
      expect(await deviceCountOf('Porto')).toBe(countBefore - 1);
      expect((await call('GET', `/api/devices/${device.uuid}`, staff)).statusCode).toBe(404);
    });

    it('refuses to delete a business while it or a sublevel has devices', async () => {
      const refused = await call('DELETE', `${BUSINESSES}/${nodes.Porto}`, staff);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('business.has_devices');
    });
  });

  describe('lists', () => {
    beforeAll(async () => {
      const outcome = await call('POST', '/api/devices/from-scratch', staff, {
        businessId: nodes.South,
        deviceType: 'th-sensor-sigfox',
        devices: Array.from({ length: 23 }, (_, index) => ({
          networkId: (0x100 + index).toString(16),
          description: `Cold room ${String(index).padStart(2, '0')}`,
        })),
      });
      expect(outcome.json()).toMatchObject({ succeeded: 23, failed: 0 });
    });

    it('pages through every device once, in either order, with keyset cursors', async () => {
      const total = (await call('POST', '/api/devices/filter-count', tokens.AcmeAdmin, {})).json().count as number;
      for (const order of ['asc', 'desc'] as const) {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await filter(tokens.AcmeAdmin ?? '', { limit: 5, sort: { by: 'description', order }, cursor });
          seen.push(...page.items.map((device) => device.description.toLowerCase()));
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        expect(seen).toHaveLength(total);
        const sorted = [...seen].sort();
        expect(seen).toEqual(order === 'asc' ? sorted : sorted.reverse());
      }
      const bad = await call('POST', '/api/devices/filter', staff, { cursor: 'garbage' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({ cursor: 'Invalid value' });
    });

    it('filters by subtree, type, network, search and last seen', async () => {
      const acme = tokens.AcmeAdmin ?? '';
      const inNorth = await filter(acme, { businessId: nodes.North });
      expect(inNorth.items.map((device) => device.description)).toEqual(['Tank sensor']);
      expect((await filter(acme, { deviceTypes: ['th-sensor-sigfox'], limit: 100 })).items).toHaveLength(23);
      expect((await filter(acme, { communicationTypes: ['lora'] })).items.map((device) => device.loraEUI)).toEqual([
        '70B3D57ED0000001',
      ]);
      expect((await filter(acme, { search: 'room 1' })).items.map((device) => device.description)).toEqual(
        Array.from({ length: 10 }, (_, index) => `Cold room 1${index}`),
      );
      expect((await filter(acme, { search: '70b3d5' })).items).toHaveLength(1);
      expect((await filter(acme, { search: '100%' })).items).toHaveLength(0);
      expect((await filter(acme, { seenWithinHours: 24 })).items).toHaveLength(0);
      const count = await call('POST', '/api/devices/filter-count', acme, { neverSeen: true });
      expect(count.json().count).toBe(24);
      const page = await call('GET', `/api/devices?businessId=${nodes.South}&limit=2`, tokens.AcmeAdmin);
      expect(DevicePage.parse(page.json()).items).toHaveLength(2);
      expect(page.json().nextCursor).toEqual(expect.any(String));
      const counted = await call('GET', `/api/devices/all?businessId=${nodes.South}&mode=count`, acme);
      expect(counted.json()).toEqual({ count: 23 });
      expect((await call('GET', '/api/devices/all?mode=count', tokens.PortoViewer)).json()).toEqual({ count: 1 });
    });

    it('finds silent devices, those never heard from included, counted alike and paged by keyset', async () => {
      const acme = tokens.AcmeAdmin ?? '';
      const [recent, old, never] = (await filter(acme, { businessId: nodes.South, limit: 3 })).items;
      const [otherTenant] = (await filter(staff, { businessId: nodes.Bravo })).items;
      const hour = 3_600_000;
      const seen = (uuid: string | undefined, lastSeenAt: number | null) =>
        t.db
          .updateTable('devices')
          .set({ lastSeenAt })
          .where('id', '=', uuid ?? '')
          .execute();
      await seen(recent?.uuid, Date.now() - 10 * 60_000);
      await seen(old?.uuid, Date.now() - 10 * 24 * hour);
      await seen(otherTenant?.uuid, Date.now() - 10 * 24 * hour);
      try {
        const southSilent = async (body: object) => {
          const asked = { businessId: nodes.South, limit: 100, ...body };
          const uuids = (await filter(acme, asked)).items.map((device) => device.uuid);
          const count = (await call('POST', '/api/devices/filter-count', acme, asked)).json().count as number;
          expect(count, JSON.stringify(body)).toBe(uuids.length);
          return uuids;
        };
        const silentForADay = await southSilent({ notSeenForHours: 24 });
        expect(silentForADay).toHaveLength(22);
        expect(silentForADay).toEqual(expect.arrayContaining([old?.uuid, never?.uuid]));
        expect(silentForADay).not.toContain(recent?.uuid);
        const silentForAMonth = await southSilent({ notSeenForHours: 30 * 24 });
        expect(silentForAMonth).toHaveLength(21);
        expect(silentForAMonth).toContain(never?.uuid);
        expect(silentForAMonth).not.toContain(old?.uuid);
        // With never seen: those alone. Inside a longer seen window: those gone silent of late.
        expect(await southSilent({ notSeenForHours: 24, neverSeen: true })).toEqual(silentForAMonth);
        expect(await southSilent({ notSeenForHours: 24, seenWithinHours: 30 * 24 })).toEqual([old?.uuid]);
        expect(await southSilent({ notSeenForHours: 1 })).toHaveLength(22);

        // Another tenant's silent device stays out, over the whole reach too.
        const everywhere = await call('POST', '/api/devices/filter-count', acme, { notSeenForHours: 24 });
        expect(everywhere.json().count).toBe(23);
        const reachable = (await filter(acme, { notSeenForHours: 24, limit: 100 })).items.map((device) => device.uuid);
        expect(reachable).not.toContain(otherTenant?.uuid);
        expect((await filter(tokens.BravoAdmin ?? '', { notSeenForHours: 24 })).items[0]?.uuid).toBe(otherTenant?.uuid);

        for (const order of ['asc', 'desc'] as const) {
          const paged: string[] = [];
          let cursor: string | undefined;
          do {
            const page = await filter(acme, { notSeenForHours: 24, limit: 5, sort: { by: 'lastSeen', order }, cursor });
            paged.push(...page.items.map((device) => device.uuid));
            cursor = page.nextCursor ?? undefined;
          } while (cursor);
          expect(new Set(paged)).toEqual(new Set(reachable));
          expect(paged).toHaveLength(reachable.length);
          expect(paged.at(order === 'asc' ? -1 : 0)).toBe(old?.uuid);
        }

        for (const [body, field] of [
          [{ notSeenForHours: 24, seenWithinHours: 24 }, 'notSeenForHours'],
          [{ notSeenForHours: 0 }, 'notSeenForHours'],
          [{ seenWithinHours: 24, neverSeen: true }, 'neverSeen'],
        ] as const) {
          const refused = await call('POST', '/api/devices/filter-count', acme, body);
          expect(refused.statusCode, JSON.stringify(body)).toBe(400);
          expect(refused.json().fields).toEqual({ [field]: 'Invalid value' });
        }
      } finally {
        for (const device of [recent, old, otherTenant]) await seen(device?.uuid, null);
      }
    });
  });

  it('presents a device in a page exactly as its own GET does, every field set', async () => {
    const device = await createDevice({
      businessId: nodes.South,
      deviceType: 'gps-tracker',
      description: 'Van "7" \\ ação',
      serialNumber: 'SN-PAGE',
      fwVersion: '2.1.0',
      IMEI: '356938035643809',
    });
    try {
      await t.db
        .updateTable('devices')
        .set({
          signalValues: JSON.stringify({
            battery: { value: 87, date: 1_763_900_000_000 },
            moving: { value: true, date: 1 },
          }),
          parameters: JSON.stringify({ interval: 15 }),
          parametersStatus: 'SENT',
          routeDestination: 'depot',
          lastSeenAt: 1_763_900_000_123,
        })
        .where('id', '=', device.uuid)
        .execute();
      const acme = tokens.AcmeAdmin ?? '';
      const own = (await call('GET', `/api/devices/${device.uuid}?lang=pt`, acme)).json();
      const [listed] = (await filter(acme, { search: 'SN-PAGE' })).items;
      const portuguese = await call('POST', '/api/devices/filter?lang=pt', acme, { search: 'SN-PAGE' });
      expect(portuguese.json().items).toEqual([own]);
      expect(listed).toEqual({ ...own, parameterization: { ...own.parameterization, label: 'Sent' } });
      expect(own).toMatchObject({
        description: 'Van "7" \\ ação',
        signalValues: { battery: { value: 87 }, moving: { value: true } },
        parameters: { values: { interval: 15 }, status: 'SENT' },
        routeDestination: 'depot',
        lastSeenAt: new Date(1_763_900_000_123).toISOString(),
      });
    } finally {
      // Other tests count the devices of South.
      expect((await call('DELETE', `/api/devices/${device.uuid}`, staff)).statusCode).toBe(204);
    }
  });

  it('filters on latest signal values, numbers as numbers and booleans and texts as written', async () => {
    const [first, second] = (await filter(staff, { businessId: nodes.South, limit: 2 })).items;
    const setValues = (uuid: string | undefined, values: Record<string, unknown>) =>
      t.db
        .updateTable('devices')
        .set({
          signalValues: JSON.stringify(
            Object.fromEntries(Object.entries(values).map(([key, value]) => [key, { value, date: Date.now() }])),
          ),
        })
        .where('id', '=', uuid ?? '')
        .execute();
    await setValues(first?.uuid, { temperature: 9.5, door: true, mode: 'eco' });
    await setValues(second?.uuid, { temperature: 3, door: false, mode: '10' });
    const matching = async (signalValues: object[]) =>
      (await filter(staff, { businessId: nodes.South, signalValues })).items.map((device) => device.uuid);
    expect(await matching([{ signal: 'temperature', op: 'gt', value: 8 }])).toEqual([first?.uuid]);
    expect(await matching([{ signal: 'temperature', op: 'lte', value: 3 }])).toEqual([second?.uuid]);
    expect(await matching([{ signal: 'door', op: 'eq', value: true }])).toEqual([first?.uuid]);
    expect(await matching([{ signal: 'door', op: 'neq', value: true }])).toEqual([second?.uuid]);
    expect(await matching([{ signal: 'mode', op: 'eq', value: 'eco' }])).toEqual([first?.uuid]);
    // A text that looks like a number is not a number.
    expect(await matching([{ signal: 'mode', op: 'gt', value: 5 }])).toEqual([]);
    expect(
      await matching([
        { signal: 'temperature', op: 'gte', value: 3 },
        { signal: 'door', op: 'eq', value: false },
      ]),
    ).toEqual([second?.uuid]);
    const invalid = await call('POST', '/api/devices/filter', staff, {
      signalValues: [{ signal: "x') or 1=1 --", op: 'eq', value: 1 }],
    });
    expect(invalid.statusCode).toBe(400);
    const textOrder = await call('POST', '/api/devices/filter', staff, {
      signalValues: [{ signal: 'mode', op: 'gt', value: 'a' }],
    });
    expect(textOrder.statusCode).toBe(400);
  });

  describe('bulk', () => {
    it('moves devices one by one: not found, level denied and plan limit each answered, the rest moved', async () => {
      const inSouth = (await filter(staff, { businessId: nodes.South, limit: 3 })).items.map((device) => device.uuid);
      const [tank] = (await filter(staff, { businessId: nodes.Porto })).items;
      const bravo = (await filter(staff, { businessId: nodes.Bravo })).items[0]?.uuid ?? '';
      const response = await call('POST', '/api/devices/bulk-business-set', tokens.NorthAdmin, {
        devices: [tank?.uuid, bravo],
        businessId: nodes.North,
      });
      expect(response.json()).toMatchObject({
        succeeded: 1,
        failed: 1,
        results: [
          { device: tank?.uuid, ok: true },
          { device: bravo, ok: false, code: 'not_found' },
        ],
      });
      // South's devices are out of North's admin's reach; Acme's admin reaches them and moves them under Porto.
      const denied = await call('POST', '/api/devices/bulk-business-set', tokens.NorthAdmin, {
        devices: inSouth,
        businessId: nodes.Porto,
      });
      expect(denied.json().failed).toBe(3);
      const moved = await call('POST', '/api/devices/bulk-business-set', tokens.AcmeAdmin, {
        devices: inSouth,
        businessId: nodes.Porto,
      });
      expect(moved.json()).toMatchObject({ succeeded: 3, failed: 0 });
      expect(await deviceCountOf('Porto')).toBe(3);
      expect(await deviceCountOf('North')).toBe(4);
      expect(await deviceCountOf('South')).toBe(20);
      // A user (not admin) on Porto may not move devices from it.
      const asUser = await call('POST', '/api/devices/bulk-business-set', tokens.PortoUser, {
        devices: inSouth,
        businessId: nodes.Porto,
      });
      expect(asUser.statusCode).toBe(403);
    });

    it('moves none of a selection holding a device on a level the caller does not administer; a dry run moves none', async () => {
      const southAdmin = await userWith('SouthAdmin', 'South', 'admin');
      await t.services.businessesRepo.setEntry(nodes.Porto ?? '', southAdmin, 'viewer', Date.now());
      const [inSouth] = (await filter(staff, { businessId: nodes.South })).items;
      const [inPorto] = (await filter(staff, { businessId: nodes.Porto })).items;
      const southBefore = await deviceCountOf('South');
      const mixed = await call('POST', '/api/devices/bulk-business-set', tokens.SouthAdmin, {
        devices: [inSouth?.uuid, inPorto?.uuid],
        businessId: nodes.South,
      });
      expect(mixed.statusCode).toBe(200);
      expect(mixed.json()).toMatchObject({
        succeeded: 0,
        failed: 2,
        results: [
          { device: inSouth?.uuid, ok: false, code: 'device.move_held_back' },
          { device: inPorto?.uuid, ok: false, code: 'device.level_denied' },
        ],
      });
      const asked = { devices: [inSouth?.uuid], businessId: nodes.Acme };
      const dryRun = await call('POST', '/api/devices/bulk-business-set', tokens.AcmeAdmin, { ...asked, dryRun: true });
      expect(dryRun.json()).toMatchObject({ succeeded: 1, failed: 0 });
      expect(await deviceCountOf('South')).toBe(southBefore);
      const moved = await call('POST', '/api/devices/bulk-business-set', tokens.AcmeAdmin, asked);
      expect(moved.json()).toMatchObject({ succeeded: 1, failed: 0 });
      expect(await deviceCountOf('South')).toBe(southBefore - 1);
      await call('POST', '/api/devices/bulk-business-set', staff, {
        devices: [inSouth?.uuid],
        businessId: nodes.South,
      });
    });

    it('keeps devices with their business when a subtree moves', async () => {
      const { version } = (await call('GET', `${BUSINESSES}/${nodes.Porto}`, staff)).json();
      const moved = await call('PUT', `${BUSINESSES}/${nodes.Porto}`, staff, { version, parent: nodes.South });
      expect(moved.statusCode).toBe(200);
      expect((await filter(staff, { businessId: nodes.South, limit: 100 })).items).toHaveLength(23);
      expect((await filter(staff, { businessId: nodes.North })).items).toHaveLength(1);
      expect((await filter(tokens.NorthAdmin ?? '', {})).items).toHaveLength(1);
      const back = (await call('GET', `${BUSINESSES}/${nodes.Porto}`, staff)).json().version;
      await call('PUT', `${BUSINESSES}/${nodes.Porto}`, staff, { version: back, parent: nodes.North });
    });

    it('refuses a list with malformed network ids at their lines, saying what the ids look like, creating none', async () => {
      const before = await deviceCountOf('Bravo');
      const lora = await call('POST', '/api/devices/from-scratch?lang=pt', tokens.BravoAdmin, {
        businessId: nodes.Bravo,
        deviceType: 'water-meter-lora',
        devices: [{ networkId: '0004A30B001C0599' }, { networkId: 'xyz' }, { networkId: '0004-A30B' }],
      });
      expect(lora.statusCode).toBe(400);
      expect(lora.json()).toEqual({
        code: 'validation.failed',
        message: 'Alguns campos não são válidos. Por favor verifique os dados.',
        fields: {
          'devices.1.networkId': 'Um DevEUI LoRa tem 16 caracteres hexadecimais (0-9, A-F).',
          'devices.2.networkId': 'Um DevEUI LoRa tem 16 caracteres hexadecimais (0-9, A-F).',
        },
      });
      for (const [deviceType, networkId, message] of [
        ['th-sensor-sigfox', '1A2B3C4D5', 'A Sigfox ID is 1 to 8 hexadecimal characters (0-9, A-F).'],
        ['gps-tracker', '490154203237519', 'An IMEI is 15 digits, the last one a valid check digit.'],
      ]) {
        const refused = await call('POST', '/api/devices/from-scratch', tokens.BravoAdmin, {
          businessId: nodes.Bravo,
          deviceType,
          devices: [{ networkId }],
        });
        expect(refused.statusCode, deviceType).toBe(400);
        expect(refused.json().fields).toEqual({ 'devices.0.networkId': message });
      }
      // A description too long and an id malformed are both named in one answer.
      const both = await call('POST', '/api/devices/from-scratch', tokens.BravoAdmin, {
        businessId: nodes.Bravo,
        deviceType: 'th-sensor-sigfox',
        devices: [{ networkId: '1A2B3C4E', description: 'D'.repeat(201) }, { networkId: 'not-hex' }],
      });
      expect(both.json().fields).toEqual({
        'devices.0.description': 'At most 200 characters',
        'devices.1.networkId': 'A Sigfox ID is 1 to 8 hexadecimal characters (0-9, A-F).',
      });
      expect(await deviceCountOf('Bravo')).toBe(before);
    });

    it('creates from network ids, refusing repeated and taken ids and what the plan does not allow', async () => {
      await t.services.plansRepo.insert(
        { businessId: nodes.Bravo ?? '', name: 'Tiny', features: { maxDevices: 3 } },
        Date.now(),
      );
      const response = await call('POST', '/api/devices/from-scratch?lang=pt', tokens.BravoAdmin, {
        businessId: nodes.Bravo,
        deviceType: 'water-meter-lora',
        devices: [
          { networkId: '0004A30B001C0530' },
          { networkId: '0004a30b001c0530' },
          { networkId: '70B3D57ED0000001' },
          { networkId: '0004A30B001C0531', description: 'Meter 2' },
          { networkId: '0004A30B001C0532' },
        ],
      });
      expect(response.statusCode).toBe(200);
      const { results } = response.json();
      expect(results.map((result: { ok: boolean; code?: string }) => result.code ?? 'ok')).toEqual([
        'ok',
        'device.network_id_taken',
        'device.network_id_taken',
        'ok',
        'plan.limit_exceeded',
      ]);
      expect(results[4].message).toBe(
        'Indisponível no seu plano: o limite de 3 foi atingido. Por favor contacte o suporte.',
      );
      const single = await call('POST', '/api/devices', tokens.BravoAdmin, {
        businessId: nodes.Bravo,
        deviceType: 'water-meter-lora',
        loraEUI: '0004A30B001C0533',
      });
      expect(single.statusCode).toBe(422);
      expect(single.json().code).toBe('plan.limit_exceeded');
      expect(await deviceCountOf('Bravo')).toBe(3);
    });
  });

  describe('device types and the frame decoder', () => {
    it('lists the device types with their signals', async () => {
      const types = (await call('GET', '/api/device-types', tokens.PortoViewer)).json() as { id: string }[];
      expect(types.map((type) => type.id)).toEqual(
        expect.arrayContaining(['cayenne-lpp', 'th-sensor-sigfox', 'water-meter-lora', 'gps-tracker']),
      );
    });

    it('decodes the published Cayenne LPP example and refuses bad frames', async () => {
      const decoded = await call('POST', '/api/devices/debug/decode-frame', staff, {
        deviceType: 'cayenne-lpp',
        data: '03670110056700FF',
        port: 1,
        date: '2026-01-01T00:00:00.000Z',
      });
      expect(decoded.json()).toEqual({
        ok: true,
        readings: [
          { signal: 'temperature_3', value: 27.2, date: '2026-01-01T00:00:00.000Z' },
          { signal: 'temperature_5', value: 25.5, date: '2026-01-01T00:00:00.000Z' },
        ],
      });
      const truncated = await call('POST', '/api/devices/debug/decode-frame', staff, {
        deviceType: 'cayenne-lpp',
        data: '036701',
      });
      expect(truncated.json()).toMatchObject({ ok: false, error: { code: 'decode.truncated' } });
      const notHex = await call('POST', '/api/devices/debug/decode-frame', staff, {
        deviceType: 'cayenne-lpp',
        data: 'zz',
      });
      expect(notHex.statusCode).toBe(400);
      const unknown = await call('POST', '/api/devices/debug/decode-frame', staff, {
        deviceType: 'toaster',
        data: '00',
      });
      expect(unknown.statusCode).toBe(422);
    });
  });
});
