import { type BusinessRole, DEFAULT_ROLE_VIEWS } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const URL = '/api/customer-business';
const PASSWORD = 'a good password';

interface RoleViewsJson {
  role: string;
  deviceTabs: string[];
  reports: string[];
  source: string;
  inheritedFrom: { id: string; description: string } | null;
}

describe.each(databaseKinds())('business configuration on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  const nodes: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    const create = async (name: string, parent?: string) => {
      const url = parent ? `${URL}/${nodes[parent]}` : URL;
      nodes[name] = (await t.request({ method: 'POST', url, payload: { description: name }, token: staff })).json()._id;
    };
    await create('Acme');
    await create('North', 'Acme');
    await create('Porto', 'North');
    await create('Bravo');
    await t.services.plansRepo.insert(
      { businessId: nodes.Bravo ?? '', name: 'Basic', features: { customColorAndLogo: false } },
      Date.now(),
    );
    const userWith = async (name: string, node: string, role: BusinessRole) => {
      const user = await t.createUser(`${name}@example.com`, PASSWORD);
      await t.services.businessesRepo.setEntry(nodes[node] ?? '', user.id, role, Date.now());
      tokens[name] = await t.signIn(`${name}@example.com`, PASSWORD);
    };
    await userWith('acmeAdmin', 'Acme', 'admin');
    await userWith('northAdmin', 'North', 'admin');
    await userWith('portoViewer', 'Porto', 'viewer');
    await userWith('bravoAdmin', 'Bravo', 'admin');
  });
  afterAll(async () => t?.close());

  const configUrl = (node: string) => `${URL}/${nodes[node]}/config`;
  const getConfig = (node: string, token: string) => t.request({ method: 'GET', url: configUrl(node), token });
  const patchConfig = async (node: string, payload: object, token: string) => {
    const version = (await getConfig(node, staff)).json().version;
    return t.request({ method: 'PATCH', url: configUrl(node), payload: { version, ...payload }, token });
  };
  const viewsOf = (body: { viewPermissions: RoleViewsJson[] }, role: string) =>
    body.viewPermissions.find((views) => views.role === role);

  it('should require authentication', async () => {
    expect((await t.request({ method: 'GET', url: configUrl('Porto') })).statusCode).toBe(401);
    const patch = await t.request({ method: 'PATCH', url: configUrl('Porto'), payload: { version: 1 } });
    expect(patch.statusCode).toBe(401);
  });

  it('starts with nothing set: default views for every role', async () => {
    const response = await getConfig('Porto', tokens.portoViewer ?? '');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ theme: null, logo: null, effective: { theme: null, logo: null }, version: 1 });
    expect(body.viewPermissions.map((views: RoleViewsJson) => views.role)).toEqual([
      'superAdmin',
      'admin',
      'user',
      'viewer',
      'anonymous',
    ]);
    expect(viewsOf(body, 'viewer')).toEqual({
      role: 'viewer',
      ...DEFAULT_ROLE_VIEWS,
      source: 'default',
      inheritedFrom: null,
    });
  });

  it('inherits theme, logo and per-role views from the nearest ancestor that sets them', async () => {
    const theme = { primary: '#112233', alarmActive: '#ff0000' };
    const set = await patchConfig(
      'Acme',
      {
        theme,
        logo: 'https://cdn.example.com/acme.png',
        viewPermissions: { viewer: { deviceTabs: ['info', 'data'], reports: [] } },
      },
      tokens.acmeAdmin ?? '',
    );
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ theme, logo: 'https://cdn.example.com/acme.png', version: 2 });
    expect(viewsOf(set.json(), 'viewer')).toMatchObject({ deviceTabs: ['info', 'data'], source: 'own' });

    await patchConfig(
      'North',
      { viewPermissions: { viewer: { deviceTabs: ['info'], reports: ['alarmReportFull'] } } },
      tokens.northAdmin ?? '',
    );
    const porto = (await getConfig('Porto', staff)).json();
    expect(porto).toMatchObject({
      theme: null,
      logo: null,
      effective: { theme, logo: 'https://cdn.example.com/acme.png' },
    });
    expect(viewsOf(porto, 'viewer')).toEqual({
      role: 'viewer',
      deviceTabs: ['info'],
      reports: ['alarmReportFull'],
      source: 'inherited',
      inheritedFrom: { id: nodes.North, description: 'North' },
    });
    expect(viewsOf(porto, 'user')).toMatchObject({ source: 'default' });
    // Porto's viewer does not reach North: the views are marked inherited without naming it.
    expect(viewsOf((await getConfig('Porto', tokens.portoViewer ?? '')).json(), 'viewer')).toMatchObject({
      source: 'inherited',
      inheritedFrom: null,
    });

    // Unsetting North's viewer views falls back to Acme's.
    await patchConfig('North', { viewPermissions: { viewer: null } }, tokens.northAdmin ?? '');
    expect(viewsOf((await getConfig('Porto', staff)).json(), 'viewer')).toMatchObject({
      deviceTabs: ['info', 'data'],
      inheritedFrom: { id: nodes.Acme, description: 'Acme' },
    });
    const logs = (
      await t.request({ method: 'GET', url: `${URL}/${nodes.North}/logs?reverseOrder=true`, token: staff })
    ).json();
    expect(logs.data[0]).toMatchObject({
      action: 'config_changed',
      user: 'northadmin@example.com',
      details: { fields: ['viewPermissions'], roles: ['viewer'] },
    });
  });

  it('needs admin on the node, answers 404 elsewhere and 409 on a stale version', async () => {
    const viewer = await patchConfig('Porto', { logo: null }, tokens.portoViewer ?? '');
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().code).toBe('business.no_permission');
    expect((await getConfig('Bravo', tokens.acmeAdmin ?? '')).statusCode).toBe(404);
    expect((await patchConfig('Bravo', { logo: null }, tokens.acmeAdmin ?? '')).statusCode).toBe(404);
    const stale = await t.request({
      method: 'PATCH',
      url: configUrl('Porto'),
      payload: { version: 0, logo: null },
      token: staff,
    });
    expect(stale.statusCode).toBe(409);
    const bad = await patchConfig('Porto', { theme: { primary: 'red' }, logo: 'javascript:alert(1)' }, staff);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields ?? {}).sort()).toEqual(['logo', 'theme.primary']);
  });

  it('gates theme and logo on the plan feature customColorAndLogo', async () => {
    const refused = await patchConfig('Bravo', { theme: { primary: '#000000' } }, tokens.bravoAdmin ?? '');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      code: 'plan.unavailable',
      message: 'Unavailable for your plan. Please contact support.',
    });
    expect((await getConfig('Bravo', staff)).json()).toMatchObject({ theme: null, version: 1 });
    // Views are not gated.
    const views = await patchConfig(
      'Bravo',
      { viewPermissions: { user: { deviceTabs: [], reports: [] } } },
      tokens.bravoAdmin ?? '',
    );
    expect(views.statusCode).toBe(200);
  });
});
