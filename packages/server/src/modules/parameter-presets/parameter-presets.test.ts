import type { BusinessRole, ParameterPreset } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const PASSWORD = 'a good password';
const BUSINESSES = '/api/customer-business';
const PRESETS = '/api/parameter-presets';
const TH_DEFAULTS = { reportingPeriod: 60, temperatureHigh: 30, temperatureLow: 0, alarmEnabled: true };

describe.each(databaseKinds())('parameter presets on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  const nodes: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  const presets: Record<string, ParameterPreset> = {};

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });
  const createBusiness = async (name: string, parent?: string) => {
    const response = await call('POST', parent ? `${BUSINESSES}/${nodes[parent]}` : BUSINESSES, staff, {
      description: name,
    });
    if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
    nodes[name] = response.json()._id;
  };
  const userWith = async (name: string, node: string, role: BusinessRole) => {
    const user = await t.createUser(`${name.toLowerCase()}@example.com`, PASSWORD);
    await t.services.businessesRepo.setEntry(nodes[node] ?? '', user.id, role, Date.now());
    tokens[name] = await t.signIn(`${name.toLowerCase()}@example.com`, PASSWORD);
  };
  const createPreset = async (name: string, node: string, token = staff, profile: object = {}) => {
    const response = await call('POST', PRESETS, token, {
      businessId: nodes[node],
      name,
      model: 'th-sensor-sigfox',
      profile,
    });
    if (response.statusCode !== 201) throw new Error(`preset failed: ${response.body}`);
    presets[name] = response.json();
    return presets[name] as ParameterPreset;
  };
  const namesAt = async (token: string, query: string) => {
    const response = await call('GET', `${PRESETS}${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as ParameterPreset[]).map((preset) => preset.name);
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
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
      ['GET', PRESETS],
      ['GET', `${PRESETS}/some-id`],
      ['POST', PRESETS],
      ['PUT', `${PRESETS}/some-id`],
      ['DELETE', `${PRESETS}/some-id`],
    ] as const) {
      const response = await call(method, url, undefined, method === 'POST' || method === 'PUT' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lets an admin create a preset, its profile checked and completed with the defaults', async () => {
    const preset = await createPreset('Cold room', 'North', tokens.NorthAdmin, {
      reportingPeriod: 15,
      temperatureHigh: 8.5,
    });
    expect(preset).toEqual({
      uuid: expect.any(String),
      name: 'Cold room',
      description: '',
      model: 'th-sensor-sigfox',
      profile: { ...TH_DEFAULTS, reportingPeriod: 15, temperatureHigh: 8.5 },
      businessId: nodes.North,
      business: { id: nodes.North, description: 'North' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: 1,
    });
    // Seen by the levels below (North's preset from Porto) and above.
    expect((await call('GET', `${PRESETS}/${preset.uuid}`, tokens.PortoViewer)).json()).toEqual(preset);
    expect((await call('GET', `${PRESETS}/${preset.uuid}`, tokens.AcmeAdmin)).json()).toEqual(preset);
  });

  it('refuses bad profiles with a message per parameter, unknown models, and viewers and users', async () => {
    const bad = await call('POST', `${PRESETS}?lang=pt`, staff, {
      businessId: nodes.Porto,
      name: 'Broken',
      model: 'th-sensor-sigfox',
      profile: { reportingPeriod: 5, temperatureHigh: 8.555, alarmEnabled: true, colour: 3 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      code: 'validation.failed',
      message: 'Alguns campos não são válidos. Por favor verifique os dados.',
      fields: {
        'profile.reportingPeriod': 'Deve ser um número inteiro de 15 a 1440 min.',
        'profile.temperatureHigh': 'Deve ser de -40 a 85 °C em passos de 0,01.',
        'profile.colour': 'Não é um parâmetro deste tipo de dispositivo.',
      },
    });
    const notANumber = await call('POST', PRESETS, staff, {
      businessId: nodes.Porto,
      name: 'Broken',
      model: 'th-sensor-sigfox',
      profile: { reportingPeriod: 'often' },
    });
    expect(notANumber.statusCode).toBe(400);
    expect(notANumber.json().fields).toEqual({ 'profile.reportingPeriod': 'Invalid value' });
    const unknown = await call('POST', PRESETS, staff, {
      businessId: nodes.Porto,
      name: 'Toaster',
      model: 'toaster',
      profile: {},
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      code: 'preset.unknown_model',
      message: 'Unknown device type toaster.',
      fields: { model: 'Invalid value' },
    });
    const noParameters = await call('POST', PRESETS, staff, {
      businessId: nodes.Porto,
      name: 'LPP',
      model: 'cayenne-lpp',
      profile: {},
    });
    expect(noParameters.statusCode).toBe(422);
    expect(noParameters.json().code).toBe('preset.model_not_configurable');
    for (const token of [tokens.PortoViewer, tokens.PortoUser]) {
      const refused = await call('POST', PRESETS, token, {
        businessId: nodes.Porto,
        name: 'Mine',
        model: 'th-sensor-sigfox',
        profile: {},
      });
      expect(refused.statusCode).toBe(403);
    }
    const missing = await call('POST', PRESETS, staff, { businessId: nodes.Porto, model: 'th-sensor-sigfox' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ name: 'Required', profile: 'Required' });
  });

  it('refuses values off their range and a low threshold above the high one, saying the range', async () => {
    const outOfRange = await call('POST', `${PRESETS}?lang=pt`, staff, {
      businessId: nodes.Porto,
      name: 'Out of range',
      model: 'th-sensor-sigfox',
      profile: { reportingPeriod: 1441, temperatureLow: 40 },
    });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().fields).toEqual({
      'profile.reportingPeriod': 'Deve ser um número inteiro de 15 a 1440 min.',
      // Below the default high threshold, 30 °C.
      'profile.temperatureLow': 'Deve ser de -40 a menos de 30 °C (High temperature threshold).',
    });
    const preset = await createPreset('Thresholds', 'Porto', staff, { temperatureHigh: 12.5 });
    const crossed = await call('PUT', `${PRESETS}/${preset.uuid}`, staff, {
      version: preset.version,
      profile: { temperatureHigh: 5, temperatureLow: 12.5 },
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().fields).toEqual({
      'profile.temperatureLow': 'Must be from -40 to less than 5 °C (High temperature threshold).',
    });
    const stored = (await call('GET', `${PRESETS}/${preset.uuid}`, staff)).json();
    expect(stored).toMatchObject({ version: preset.version, profile: preset.profile });
    expect(await t.db.selectFrom('parameterPresets').select('id').where('name', '=', 'Out of range').execute()).toEqual(
      [],
    );
    // The lists the next tests read hold only their own presets.
    expect((await call('DELETE', `${PRESETS}/${preset.uuid}`, staff)).statusCode).toBe(204);
  });

  it('lists the presets of a business and of its ancestors, which the levels below see too', async () => {
    await createPreset('Acme default', 'Acme', tokens.AcmeAdmin);
    await createPreset('Porto freezer', 'Porto', staff, { temperatureHigh: -18, temperatureLow: -25 });
    await createPreset('South', 'South');
    expect(await namesAt(staff, `?businessId=${nodes.Porto}`)).toEqual(['Acme default', 'Cold room', 'Porto freezer']);
    // Acme is above the reach of North's admin and of Porto's viewer: its presets are shared with the levels below.
    expect(await namesAt(tokens.NorthAdmin ?? '', `?businessId=${nodes.Porto}`)).toEqual([
      'Acme default',
      'Cold room',
      'Porto freezer',
    ]);
    expect(await namesAt(tokens.PortoViewer ?? '', `?businessId=${nodes.Porto}`)).toEqual([
      'Acme default',
      'Cold room',
      'Porto freezer',
    ]);
    // A sibling level's presets stay its own.
    expect(await namesAt(tokens.NorthAdmin ?? '', '')).toEqual(['Acme default', 'Cold room', 'Porto freezer']);
    // Seen from below, a preset is read, never changed.
    const shared = presets['Acme default'] as ParameterPreset;
    const northAdmin = tokens.NorthAdmin ?? '';
    expect((await call('GET', `${PRESETS}/${shared.uuid}`, northAdmin)).json()).toMatchObject({ name: 'Acme default' });
    expect((await call('PUT', `${PRESETS}/${shared.uuid}`, northAdmin, { version: 1, name: 'Mine' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `${PRESETS}/${shared.uuid}`, northAdmin)).statusCode).toBe(403);
    expect(await namesAt(tokens.AcmeAdmin ?? '', `?businessId=${nodes.South}`)).toEqual(['Acme default', 'South']);
    expect(await namesAt(tokens.AcmeAdmin ?? '', '')).toEqual(['Acme default', 'Cold room', 'Porto freezer', 'South']);
    expect(await namesAt(staff, `?businessId=${nodes.Porto}&model=water-meter-lora`)).toEqual([]);
    expect(await namesAt(staff, `?businessId=${nodes.Porto}&model=th-sensor-sigfox`)).toHaveLength(3);
  });

  it("keeps presets between tenants: another tenant's preset is 404 for every call", async () => {
    const bravo = await createPreset('Bravo preset', 'Bravo', tokens.BravoAdmin);
    const acme = tokens.AcmeAdmin ?? '';
    expect((await call('GET', `${PRESETS}/${bravo.uuid}`, acme)).statusCode).toBe(404);
    expect((await call('PUT', `${PRESETS}/${bravo.uuid}`, acme, { version: 1, name: 'Taken' })).statusCode).toBe(404);
    expect((await call('DELETE', `${PRESETS}/${bravo.uuid}`, acme)).statusCode).toBe(404);
    const created = await call('POST', PRESETS, acme, {
      businessId: nodes.Bravo,
      name: 'Intruder',
      model: 'th-sensor-sigfox',
      profile: {},
    });
    expect(created.statusCode).toBe(404);
    expect((await call('GET', `${PRESETS}?businessId=${nodes.Bravo}`, acme)).statusCode).toBe(404);
    expect(await namesAt(acme, '')).not.toContain('Bravo preset');
    expect(await namesAt(tokens.BravoAdmin ?? '', '')).toEqual(['Bravo preset']);
    const [stored] = await t.db
      .selectFrom('parameterPresets')
      .select(['name', 'version'])
      .where('id', '=', bravo.uuid)
      .execute();
    expect(stored).toEqual({ name: 'Bravo preset', version: 1 });
  });

  it('edits over the version read (409 when stale), checking the profile again, and deletes', async () => {
    const preset = presets['Porto freezer'] as ParameterPreset;
    const viewer = await call('PUT', `${PRESETS}/${preset.uuid}`, tokens.PortoViewer, { version: 1, name: 'x' });
    expect(viewer.statusCode).toBe(403);
    const edited = await call('PUT', `${PRESETS}/${preset.uuid}`, tokens.NorthAdmin, {
      version: 1,
      name: 'Porto deep freezer',
      description: 'Below -20 °C',
      profile: { temperatureHigh: -20, temperatureLow: -30, alarmEnabled: false },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Porto deep freezer',
      description: 'Below -20 °C',
      profile: { ...TH_DEFAULTS, temperatureHigh: -20, temperatureLow: -30, alarmEnabled: false },
      version: 2,
    });
    const stale = await call('PUT', `${PRESETS}/${preset.uuid}`, tokens.NorthAdmin, { version: 1, name: 'Lost' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict');
    // The kept profile does not fit the water meter's parameters.
    const otherModel = await call('PUT', `${PRESETS}/${preset.uuid}`, tokens.NorthAdmin, {
      version: 2,
      model: 'water-meter-lora',
    });
    expect(otherModel.statusCode).toBe(400);
    expect(Object.keys(otherModel.json().fields)).toContain('profile.temperatureHigh');
    expect((await call('GET', `${PRESETS}/${preset.uuid}`, staff)).json()).toMatchObject({
      name: 'Porto deep freezer',
      model: 'th-sensor-sigfox',
      version: 2,
    });
    expect((await call('DELETE', `${PRESETS}/${preset.uuid}`, tokens.PortoUser)).statusCode).toBe(403);
    expect((await call('DELETE', `${PRESETS}/${preset.uuid}`, tokens.NorthAdmin)).statusCode).toBe(204);
    expect((await call('GET', `${PRESETS}/${preset.uuid}`, staff)).statusCode).toBe(404);
  });

  it('keeps presets with their business when a subtree moves', async () => {
    const preset = await createPreset('Porto moved', 'Porto');
    const pathOf = async () =>
      (
        await t.db
          .selectFrom('parameterPresets')
          .select('businessPath')
          .where('id', '=', preset.uuid)
          .executeTakeFirstOrThrow()
      ).businessPath;
    const porto = (await call('GET', `${BUSINESSES}/${nodes.Porto}`, staff)).json();
    const moved = await call('PUT', `${BUSINESSES}/${nodes.Porto}`, staff, {
      version: porto.version,
      parent: nodes.South,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await pathOf()).toBe(`/${nodes.Acme}/${nodes.South}/${nodes.Porto}/`);
    expect((await call('GET', `${PRESETS}/${preset.uuid}`, tokens.NorthAdmin)).statusCode).toBe(404);
    expect((await call('GET', `${PRESETS}/${preset.uuid}`, tokens.AcmeAdmin)).statusCode).toBe(200);
    expect(await namesAt(staff, `?businessId=${nodes.Porto}`)).toEqual(['Acme default', 'Porto moved', 'South']);
    const back = (await call('GET', `${BUSINESSES}/${nodes.Porto}`, staff)).json().version;
    await call('PUT', `${BUSINESSES}/${nodes.Porto}`, staff, { version: back, parent: nodes.North });
    expect(await pathOf()).toBe(`/${nodes.Acme}/${nodes.North}/${nodes.Porto}/`);
    expect((await call('GET', `${PRESETS}/${preset.uuid}`, tokens.NorthAdmin)).statusCode).toBe(200);
  });
});
