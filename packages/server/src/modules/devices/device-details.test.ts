import { type BusinessRole, type Device, DevicePage } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';
import { applyConditionEvent } from '../alarms/engine.js';

const PASSWORD = 'a good password';
const BUSINESSES = '/api/customer-business';

describe.each(databaseKinds())('device details and CSV import on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  const nodes: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  let sensor: Device;
  let meter: Device;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string | undefined, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });
  const versionOf = async (uuid: string) => (await call('GET', `/api/devices/${uuid}`, staff)).json().version as number;
  const importCsv = (query: string, csv: string, token = staff) =>
    t.request({
      method: 'POST',
      url: `/api/devices/import-csv?${query}`,
      headers: { 'content-type': 'text/csv' },
      payload: csv,
      token,
    });

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    Object.assign(nodes, await t.createTree(staff, [['Acme'], ['Plant', 'Acme'], ['Bravo']]));
    const userWith = async (name: string, node: string, role: BusinessRole) => {
      tokens[name] = await t.userWith(name, PASSWORD, nodes[node] ?? '', role);
    };
    await userWith('admin', 'Acme', 'admin');
    await userWith('user', 'Plant', 'user');
    await userWith('viewer', 'Plant', 'viewer');
    await userWith('bravo', 'Bravo', 'admin');
    const create = async (payload: object) => (await call('POST', '/api/devices', staff, payload)).json() as Device;
    sensor = await create({ businessId: nodes.Plant, deviceType: 'th-sensor-sigfox', sigfoxID: '1A2B3C' });
    meter = await create({ businessId: nodes.Plant, deviceType: 'water-meter-lora', loraEUI: '0004A30B001C0001' });
  });
  afterAll(async () => t?.close());

  it('answers 404 to another tenant and 401 to nobody for every part', async () => {
    for (const part of ['outputs', 'alarms', 'userdata', 'downlink', 'battery-changes', 'calibration']) {
      expect((await call('GET', `/api/devices/${sensor.uuid}/${part}`, tokens.bravo)).statusCode, part).toBe(404);
      expect((await call('GET', `/api/devices/${sensor.uuid}/${part}`, undefined)).statusCode, part).toBe(401);
    }
    const patch = await call('PATCH', `/api/devices/${sensor.uuid}/userdata`, tokens.bravo, { version: 1, data: {} });
    expect(patch.statusCode).toBe(404);
  });

  it('sets parameters checked against the type, encoded and WAITING; wrong values change nothing', async () => {
    const refused = await call('PATCH', `/api/devices/${sensor.uuid}/parameters?lang=pt`, tokens.user, {
      version: await versionOf(sensor.uuid),
      values: { reportingPeriodMinutes: 100_000 },
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields)).toEqual(['values.reportingPeriodMinutes']);
    expect((await call('GET', `/api/devices/${sensor.uuid}/downlink`, tokens.viewer)).json()).toEqual({
      parameters: {},
      status: null,
      downlinkData: null,
      port: null,
    });
    const viewer = await call('PATCH', `/api/devices/${sensor.uuid}/parameters`, tokens.viewer, {
      version: await versionOf(sensor.uuid),
      values: {},
    });
    expect(viewer.statusCode).toBe(403);
    const set = await call('PATCH', `/api/devices/${sensor.uuid}/parameters`, tokens.user, {
      version: await versionOf(sensor.uuid),
      values: {},
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ status: 'WAITING', downlinkData: expect.stringMatching(/^[0-9a-f]{16}$/) });
    const device = (await call('GET', `/api/devices/${sensor.uuid}`, tokens.viewer)).json() as Device;
    expect(device.parameterization).toEqual({ status: 'WAITING', label: 'Waiting', colour: '#ff9800' });
    const stale = await call('PATCH', `/api/devices/${sensor.uuid}/parameters`, tokens.user, {
      version: 1,
      values: {},
    });
    expect(stale.statusCode).toBe(409);
  });

  it('defines outputs, sets a value with its last change, and refuses unknown outputs', async () => {
    const defined = await call('PATCH', `/api/devices/${meter.uuid}/outputs`, tokens.user, {
      version: await versionOf(meter.uuid),
      define: [{ key: 'valve', name: 'Main valve' }],
    });
    expect(defined.json().outputs).toEqual([
      { key: 'valve', name: 'Main valve', value: false, lastChange: null, lastSent: null, lastConfirmed: null },
    ]);
    const unknown = await call('PATCH', `/api/devices/${meter.uuid}/outputs`, tokens.user, {
      version: defined.json().version,
      set: { pump: true },
    });
    expect(unknown.statusCode).toBe(400);
    const twice = await call('PATCH', `/api/devices/${meter.uuid}/outputs`, tokens.user, {
      version: defined.json().version,
      define: [
        { key: 'valve', name: 'Main valve' },
        { key: 'valve', name: 'Second valve' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const set = await call('PATCH', `/api/devices/${meter.uuid}/outputs`, tokens.user, {
      version: defined.json().version,
      set: { valve: true },
    });
    expect(set.json().outputs[0]).toMatchObject({ value: true, lastChange: expect.any(String), lastSent: null });
  });

  it('records battery changes newest first, never in the future', async () => {
    const add = (date: string, comment: string) =>
      call('PATCH', `/api/devices/${meter.uuid}/addBatteryChange`, tokens.user, { date, comment });
    expect((await add('2026-01-10T00:00:00.000Z', 'first')).statusCode).toBe(200);
    const second = await add('2026-03-10T00:00:00.000Z', 'second');
    expect(second.json()).toEqual([
      { id: expect.any(String), date: '2026-03-10T00:00:00.000Z', user: 'user@example.com', comment: 'second' },
      { id: expect.any(String), date: '2026-01-10T00:00:00.000Z', user: 'user@example.com', comment: 'first' },
    ]);
    expect((await add('2999-01-01T00:00:00.000Z', 'future')).statusCode).toBe(400);
    expect(
      (
        await call('PATCH', `/api/devices/${meter.uuid}/addBatteryChange`, tokens.viewer, {
          date: '2026-01-01T00:00:00.000Z',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('keeps alarm rules on numeric signals only; only admins inhibit', async () => {
    const rules = [{ signal: 'temperature', condition: 'above', threshold: 8, hysteresis: 0.5 }];
    const saved = await call('PATCH', `/api/devices/${sensor.uuid}/alarms`, tokens.user, {
      version: await versionOf(sensor.uuid),
      rules,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ inhibited: false, autoAcknowledgeLatchedWhileSnoozed: false, rules });
    const wrongSignal = await call('PATCH', `/api/devices/${sensor.uuid}/alarms`, tokens.user, {
      version: saved.json().version,
      rules: [{ signal: 'nonsense', condition: 'below', threshold: 1 }],
    });
    expect(wrongSignal.statusCode).toBe(400);
    expect(wrongSignal.json().fields).toEqual({ 'rules.0': 'Invalid value' });
    const inhibitAsUser = await call('PATCH', `/api/devices/${sensor.uuid}/alarms`, tokens.user, {
      version: saved.json().version,
      inhibited: true,
    });
    expect(inhibitAsUser.statusCode).toBe(403);
    const inhibit = await call('PATCH', `/api/devices/${sensor.uuid}/alarms`, tokens.admin, {
      version: saved.json().version,
      inhibited: true,
    });
    expect(inhibit.json()).toMatchObject({ inhibited: true, rules });
  });

  it('closes the open alarms of a device when its alarms are inhibited (forcedAcknowledge)', async () => {
    let id = 0;
    const applyEdge = async (key: string, raised: boolean) => {
      id += 1;
      const event = {
        id: `inhibit-${id}`,
        deviceId: meter.uuid,
        conditionKey: key,
        signal: key,
        kind: 'alarm' as const,
        raised: raised ? 1 : 0,
        value: JSON.stringify(raised),
        date: Date.now(),
        createdAt: Date.now(),
        // Applied here rather than by the app's dispatcher.
        dispatchedAt: Date.now(),
      };
      await t.db.insertInto('conditionEvents').values(event).execute();
      return t.db.transaction().execute((trx) => applyConditionEvent(trx, event, Date.now()));
    };
    const [leak] = await applyEdge('leak', true);
    const [tamper] = await applyEdge('tamper', true);
    await applyEdge('tamper', false);
    const inhibit = await call('PATCH', `/api/devices/${meter.uuid}/alarms`, tokens.admin, {
      version: await versionOf(meter.uuid),
      inhibited: true,
    });
    expect(inhibit.statusCode, inhibit.body).toBe(200);
    for (const change of [leak, tamper]) {
      const alarm = (await call('GET', `/api/alarms/${change?.alarmId}`, tokens.viewer)).json();
      expect(alarm.status).toBe('acknowledged');
      expect(alarm.history.at(-1)).toMatchObject({ transition: 'forcedAcknowledge', user: null });
    }
    // An edge recorded before the inhibition and applied after raises nothing.
    expect(await applyEdge('leak', true)).toEqual([]);
    const again = await call('PATCH', `/api/devices/${meter.uuid}/alarms`, tokens.admin, {
      version: await versionOf(meter.uuid),
      inhibited: false,
    });
    expect(again.json().inhibited).toBe(false);
  });

  it('keeps user data over the version read', async () => {
    const saved = await call('PATCH', `/api/devices/${meter.uuid}/userdata`, tokens.user, {
      version: await versionOf(meter.uuid),
      data: { installer: 'Ana', floor: 2 },
    });
    expect(saved.json()).toMatchObject({ data: { installer: 'Ana', floor: 2 } });
    const stale = await call('PATCH', `/api/devices/${meter.uuid}/userdata`, tokens.user, { version: 1, data: {} });
    expect(stale.statusCode).toBe(409);
    expect((await call('GET', `/api/devices/${meter.uuid}/userdata`, tokens.viewer)).json().data).toEqual({
      installer: 'Ana',
      floor: 2,
    });
  });

  it('calibrates numeric signals, removes calibration, changes the type and wipes data', async () => {
    const calibrate = await call('POST', '/api/devices/advanced/update-calibration-data', tokens.user, {
      devices: [{ deviceUUID: sensor.uuid, calibration: { temperature: { factor: 1, offset: -0.4 } } }],
    });
    expect(calibrate.statusCode, calibrate.body).toBe(204);
    expect((await call('GET', `/api/devices/${sensor.uuid}/calibration`, tokens.viewer)).json()).toEqual({
      calibration: { temperature: { factor: 1, offset: -0.4 } },
    });
    const wrong = await call('POST', '/api/devices/advanced/update-calibration-data', tokens.user, {
      devices: [{ deviceUUID: meter.uuid, calibration: { nonsense: { offset: 1 } } }],
    });
    expect(wrong.statusCode).toBe(400);
    await call('POST', '/api/devices/advanced/remove-calibration-data', tokens.user, { deviceUUID: sensor.uuid });
    expect((await call('GET', `/api/devices/${sensor.uuid}/calibration`, staff)).json()).toEqual({ calibration: {} });

    const asUser = await call('POST', '/api/devices/advanced/update-device-type', tokens.user, {
      deviceUUID: meter.uuid,
      deviceType: 'cayenne-lpp',
    });
    expect(asUser.statusCode).toBe(403);
    const wrongNetwork = await call('POST', '/api/devices/advanced/update-device-type', tokens.admin, {
      deviceUUID: sensor.uuid,
      deviceType: 'cayenne-lpp',
    });
    expect(wrongNetwork.json().code).toBe('device.network_not_supported');
    const changed = await call('POST', '/api/devices/advanced/update-device-type', tokens.admin, {
      deviceUUID: meter.uuid,
      deviceType: 'cayenne-lpp',
      fwVersion: '2.1',
    });
    expect(changed.json()).toMatchObject({ deviceType: 'cayenne-lpp', fwVersion: '2.1' });
    expect(
      (await call('POST', '/api/devices/advanced/wipe-log-data', tokens.admin, { deviceUUID: meter.uuid })).statusCode,
    ).toBe(204);
    const routed = await call('POST', `/api/devices/set-route/${meter.uuid}`, tokens.admin, { destination: 'eu-west' });
    expect(routed.json().routeDestination).toBe('eu-west');
  });

  describe('more lists and bulk calls', () => {
    it('applies a preset to devices of its type, each answered on its own', async () => {
      const preset = await call('POST', '/api/parameter-presets', tokens.admin, {
        businessId: nodes.Plant,
        name: 'Fridge 15 min',
        model: 'th-sensor-sigfox',
        profile: { reportingPeriod: 15 },
      });
      expect(preset.statusCode, preset.body).toBe(201);
      const presetId = preset.json().uuid;
      const applied = await call('POST', '/api/devices/bulk-param-preset', tokens.user, {
        devices: [sensor.uuid, meter.uuid, 'no-such-device'],
        presetId,
      });
      expect(applied.json()).toMatchObject({
        succeeded: 1,
        failed: 2,
        results: [
          { device: sensor.uuid, ok: true },
          { device: meter.uuid, ok: false, code: 'device.preset_other_type' },
          { device: 'no-such-device', ok: false, code: 'not_found' },
        ],
      });
      const downlink = (await call('GET', `/api/devices/${sensor.uuid}/downlink`, staff)).json();
      expect(downlink).toMatchObject({ status: 'WAITING', parameters: { reportingPeriod: 15 } });
      // A device above the preset's business is not offered it by its configuration, nor given it here.
      const above = (
        await call('POST', '/api/devices', staff, {
          businessId: nodes.Acme,
          deviceType: 'th-sensor-sigfox',
          sigfoxID: '1A2B3E',
        })
      ).json() as Device;
      const refused = await call('POST', '/api/devices/bulk-param-preset', tokens.admin, {
        devices: [above.uuid],
        presetId,
      });
      expect(refused.json()).toMatchObject({ failed: 1, results: [{ code: 'device.preset_other_business' }] });
      expect((await call('GET', `/api/devices/${above.uuid}/downlink`, staff)).json().status).toBeNull();
      expect((await t.request({ method: 'DELETE', url: `/api/devices/${above.uuid}`, token: staff })).statusCode).toBe(
        204,
      );
      const asViewer = await call('POST', '/api/devices/bulk-param-preset', tokens.viewer, {
        devices: [sensor.uuid],
        presetId,
      });
      expect(asViewer.json()).toMatchObject({ failed: 1, results: [{ code: 'device.level_denied' }] });
      const otherTenant = await call('POST', '/api/devices/bulk-param-preset', tokens.bravo, {
        devices: [sensor.uuid],
        presetId,
      });
      expect(otherTenant.statusCode).toBe(404);
    });

    it('creates devices of several types from a list, each answered on its own', async () => {
      const response = await call('POST', '/api/devices/fromlist', tokens.admin, {
        businessId: nodes.Plant,
        devices: [
          { deviceType: 'gps-tracker', IMEI: '353918057822658', description: 'Van 9' },
          { deviceType: 'toaster', mac: 'AABBCCDDEE99' },
          { deviceType: 'cayenne-lpp', loraEUI: '0004A30B001C0001' },
        ],
      });
      expect(response.json()).toMatchObject({
        succeeded: 1,
        failed: 2,
        results: [
          { device: '353918057822658', ok: true },
          { device: 'AABBCCDDEE99', ok: false, code: 'device.unknown_type' },
          { device: '0004A30B001C0001', ok: false, code: 'device.network_id_taken' },
        ],
      });
    });

    it('creates Sigfox devices from ids and PACs, keeping each PAC', async () => {
      const response = await call('POST', '/api/devices/ID&PAClist', tokens.admin, {
        businessId: nodes.Plant,
        deviceType: 'th-sensor-sigfox',
        devices: [
          { id: '00C0FFEE', pac: '0123456789abcdef' },
          { id: '1A2B3C', pac: '0123456789ABCDEF' },
        ],
      });
      expect(response.json()).toMatchObject({
        succeeded: 1,
        failed: 1,
        results: [
          { device: '00C0FFEE', ok: true },
          { device: '1A2B3C', ok: false, code: 'device.network_id_taken' },
        ],
      });
      const [stored] = await t.db
        .selectFrom('devices')
        .select('sigfoxPac')
        .where('sigfoxId', '=', '00C0FFEE')
        .execute();
      expect(stored?.sigfoxPac).toBe('0123456789ABCDEF');
      const device = (await call('GET', `/api/devices/${response.json().results[0].uuid}`, staff)).json();
      expect(JSON.stringify(device)).not.toContain('0123456789ABCDEF');
      const badPac = await call('POST', '/api/devices/ID&PAClist', tokens.admin, {
        businessId: nodes.Plant,
        deviceType: 'th-sensor-sigfox',
        devices: [{ id: '00C0FFEF', pac: 'short' }],
      });
      expect(badPac.statusCode).toBe(400);
      const badId = await call('POST', '/api/devices/ID&PAClist?lang=pt', tokens.admin, {
        businessId: nodes.Plant,
        deviceType: 'th-sensor-sigfox',
        devices: [{ id: 'NOT-HEX', pac: '0123456789ABCDEF' }],
      });
      expect(badId.statusCode).toBe(400);
      expect(badId.json().fields).toEqual({
        'devices.0.id': 'Um Sigfox ID tem de 1 a 8 caracteres hexadecimais (0-9, A-F).',
      });
      const notSigfox = await call('POST', '/api/devices/ID&PAClist', tokens.admin, {
        businessId: nodes.Plant,
        deviceType: 'gps-tracker',
        devices: [{ id: '00C0FFEF', pac: '0123456789ABCDEF' }],
      });
      expect(notSigfox.json().code).toBe('device.network_not_supported');
    });

    it("splits the devices for charts, lists a business's devices and the detailed list within reach", async () => {
      const graph = (await call('GET', `/api/devices/graph?businessId=${nodes.Plant}`, tokens.viewer)).json();
      expect(graph.total).toBe(graph.bySeen.never + graph.bySeen.recent + graph.bySeen.stale);
      expect(graph.byType['th-sensor-sigfox']).toBeGreaterThan(0);
      expect(graph.byParameterization.WAITING).toBeGreaterThan(0);
      expect((await call('GET', `/api/devices/graph?businessId=${nodes.Plant}`, tokens.bravo)).statusCode).toBe(404);
      const page = DevicePage.parse(
        (await call('GET', `${BUSINESSES}/${nodes.Plant}/devices?limit=2`, tokens.viewer)).json(),
      );
      expect(page.items).toHaveLength(2);
      expect(page.nextCursor).toEqual(expect.any(String));
      const since = (
        await call('GET', `${BUSINESSES}/${nodes.Plant}/devices?fromDate=2999-01-01T00:00:00Z`, tokens.viewer)
      ).json();
      expect(since.items).toEqual([]);
      const detailed = await call(
        'GET',
        `/api/devices/list/detailed?deviceUUID=${sensor.uuid},${meter.uuid}`,
        tokens.bravo,
      );
      expect(detailed.json()).toEqual([]);
      const mine = await call(
        'GET',
        `/api/devices/list/detailed?deviceUUID=${sensor.uuid},${meter.uuid}`,
        tokens.viewer,
      );
      expect(
        mine
          .json()
          .map((device: Device) => device.uuid)
          .sort(),
      ).toEqual([sensor.uuid, meter.uuid].sort());
    });
  });

  describe('CSV import', () => {
    const storedCount = async () => (await t.db.selectFrom('devices').select('id').execute()).length;
    const stored = (serialNumber: string) =>
      t.db
        .selectFrom('devices')
        .select(['description', 'businessId'])
        .where('serialNumber', '=', serialNumber)
        .executeTakeFirstOrThrow();

    it('creates devices from a good file, with or without a header, separated by commas or semicolons', async () => {
      const before = await storedCount();
      const response = await importCsv(
        `deviceType=th-sensor-sigfox&businessId=${nodes.Plant}`,
        'Device ID,Network ID,Description\nSN-10,00A1B2,"Freezer, left"\nSN-11,00A1B3\n',
        tokens.admin,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ succeeded: 2, failed: 0 });
      const semicolons = await importCsv(
        `deviceType=th-sensor-sigfox&businessId=${nodes.Plant}`,
        'SN-12;00A1B4;Cellar\nSN-13;00A1B2;Taken\n',
        tokens.admin,
      );
      expect(semicolons.json()).toMatchObject({ succeeded: 1, failed: 1 });
      expect(semicolons.json().results[1]).toMatchObject({ device: '00A1B2', code: 'device.network_id_taken' });
      expect(await storedCount()).toBe(before + 3);
      const [freezer] = (await call('POST', '/api/devices/filter', staff, { search: 'freezer' })).json()
        .items as Device[];
      expect(freezer).toMatchObject({ description: 'Freezer, left', serialNumber: 'SN-10', sigfoxID: '00A1B2' });
    });

    it('refuses a bad file at its line, in the caller language, and imports nothing', async () => {
      const before = await storedCount();
      const cases: [string, number][] = [
        ['SN-20,00B1B2\nSN-21\n', 2],
        ['Device ID,Network ID\nSN-20,00B1B2\nSN-21,00B1B3\nSN-22,not-hex\n', 4],
        ['SN-20,00B1B2,a,b\n', 1],
        ['SN-20,"unterminated\n', 1],
        // A quote left open is named where it opened, not at the end of the file the parser read to.
        ['Device ID,Network ID\nSN-20,00B1B2\n\n"SN-21,00B1B3\nSN-22,00B1B4\nSN-23,00B1B5\n', 4],
        ['', 1],
      ];
      for (const [csv, line] of cases) {
        const response = await importCsv(`deviceType=th-sensor-sigfox&businessId=${nodes.Plant}`, csv, tokens.admin);
        expect(response.statusCode, csv).toBe(400);
        expect(response.json(), csv).toEqual({
          code: 'device.csv_invalid',
          message: `CSV file format is incorrect. Error at line ${line}.`,
        });
      }
      const pt = await importCsv(`deviceType=th-sensor-sigfox&businessId=${nodes.Plant}&lang=pt`, 'x\n', tokens.admin);
      expect(pt.json().message).toBe('O formato do ficheiro CSV está incorreto. Erro na linha 1.');
      expect(await storedCount()).toBe(before);
      const missing = await importCsv('mode=create', 'SN-1,00C1\n', tokens.admin);
      expect(missing.json().fields).toEqual({ businessId: 'Required', deviceType: 'Required' });
    });

    it('refuses an oversized upload with 413', async () => {
      const huge = `SN,00D1\n`.repeat(200_000);
      const response = await importCsv(`deviceType=th-sensor-sigfox&businessId=${nodes.Plant}`, huge, tokens.admin);
      expect(response.statusCode).toBe(413);
    });

    it('renames and moves devices named by serial number or network id; another tenant cannot', async () => {
      const response = await importCsv(
        `mode=rename&businessId=${nodes.Acme}`,
        'Device ID,Description\nSN-11,Freezer right\n00A1B4,Wine cellar\nNOPE,Ghost\n',
        tokens.admin,
      );
      expect(response.json()).toMatchObject({
        succeeded: 2,
        failed: 1,
        results: [{ ok: true }, { ok: true }, { ok: false, code: 'not_found' }],
      });
      const [moved] = (await call('POST', '/api/devices/filter', staff, { search: 'wine' })).json().items as Device[];
      expect(moved).toMatchObject({ description: 'Wine cellar', businessId: nodes.Acme });
      const bravo = await importCsv('mode=rename', 'SN-11,Stolen\n', tokens.bravo);
      expect(bravo.json()).toMatchObject({ succeeded: 0, failed: 1 });
    });

    it('refuses a bad rename file at its line and renames nothing', async () => {
      const before = await stored('SN-10');
      const cases: [string, number][] = [
        ['Device ID,Description\nSN-10,Renamed\nSN-11\n', 3],
        ['SN-10,Renamed\nSN-11,Too,many\n', 2],
        ['SN-10,\n', 1],
      ];
      for (const [csv, line] of cases) {
        const response = await importCsv(`mode=rename&businessId=${nodes.Acme}`, csv, tokens.admin);
        expect(response.statusCode, csv).toBe(400);
        expect(response.json(), csv).toEqual({
          code: 'device.csv_invalid',
          message: `CSV file format is incorrect. Error at line ${line}.`,
        });
      }
      expect(await stored('SN-10')).toEqual(before);
    });

    it('renames no device whose move is refused, as a whole or one by one', async () => {
      const before = await stored('SN-10');
      // The user may rename Plant's devices but not move them: before, the renames were kept behind the 403.
      const notAdmin = await importCsv(`mode=rename&businessId=${nodes.Plant}`, 'SN-10,Not moved\n', tokens.user);
      expect(notAdmin.statusCode).toBe(403);
      expect(await stored('SN-10')).toEqual(before);

      const depot = await call('POST', `${BUSINESSES}/${nodes.Acme}`, staff, { description: 'Depot' });
      const depotId = depot.json()._id as string;
      await t.services.plansRepo.insert({ businessId: depotId, name: 'One device', features: { maxDevices: 1 } }, 0);
      const partly = await importCsv(
        `mode=rename&businessId=${depotId}&lang=pt`,
        'SN-10,Depot one\nSN-11,Depot two\n',
        tokens.admin,
      );
      expect(partly.statusCode, partly.body).toBe(200);
      expect(partly.json()).toMatchObject({
        succeeded: 1,
        failed: 1,
        results: [
          { device: 'SN-10', ok: true },
          {
            device: 'SN-11',
            ok: false,
            code: 'plan.limit_exceeded',
            message: 'Indisponível no seu plano: o limite de 1 foi atingido. Por favor contacte o suporte.',
          },
        ],
      });
      expect(await stored('SN-10')).toEqual({ description: 'Depot one', businessId: depotId });
      expect(await stored('SN-11')).toEqual({ description: 'Freezer right', businessId: nodes.Acme });
    });
  });
});
