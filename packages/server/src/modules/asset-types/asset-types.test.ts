import type { AssetType } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const PASSWORD = 'a good password';
const ASSET_TYPES = '/api/asset-types';

describe.each(databaseKinds())('asset types on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let customer: string;
  let tank: AssetType;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    await t.createUser('customer@example.com', PASSWORD);
    staff = await t.signIn('staff@example.com', PASSWORD);
    customer = await t.signIn('customer@example.com', PASSWORD);
  });
  afterAll(async () => t?.close());

  it('should require authentication', async () => {
    for (const [method, url] of [
      ['GET', ASSET_TYPES],
      ['GET', `${ASSET_TYPES}/some-id`],
      ['POST', ASSET_TYPES],
      ['PUT', `${ASSET_TYPES}/some-id`],
      ['DELETE', `${ASSET_TYPES}/some-id`],
    ] as const) {
      const response = await call(method, url, undefined, method === 'POST' || method === 'PUT' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lets provider staff define an asset type with custom fields, which everyone signed in reads', async () => {
    const response = await call('POST', ASSET_TYPES, staff, {
      name: 'Water tank',
      description: 'A tank with a level sensor',
      fields: [
        { name: 'Capacity', type: 'number', required: true },
        { name: 'Material', type: 'options', options: ['Steel', 'Concrete', 'Plastic'] },
        { name: 'Notes', type: 'text' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    tank = response.json();
    expect(tank).toEqual({
      id: expect.any(String),
      name: 'Water tank',
      description: 'A tank with a level sensor',
      fields: [
        { name: 'Capacity', type: 'number', required: true },
        { name: 'Material', type: 'options', options: ['Steel', 'Concrete', 'Plastic'] },
        { name: 'Notes', type: 'text' },
      ],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: 1,
    });
    const plain = await call('POST', ASSET_TYPES, staff, { name: 'Building' });
    expect(plain.json()).toMatchObject({ name: 'Building', description: '', fields: [] });
    expect((await call('GET', ASSET_TYPES, customer)).json().map((type: AssetType) => type.name)).toEqual([
      'Building',
      'Water tank',
    ]);
    expect((await call('GET', `${ASSET_TYPES}/${tank.id}`, customer)).json()).toEqual(tank);
    expect((await call('GET', `${ASSET_TYPES}/no-such-type`, customer)).statusCode).toBe(404);
  });

  it('refuses bad field definitions with a localised message per field, and names taken', async () => {
    const bad = await call('POST', `${ASSET_TYPES}?lang=pt`, staff, {
      name: 'Vehicle',
      fields: [
        { name: 'Fuel', type: 'options' },
        { name: 'Plate', type: 'text', options: ['x'] },
        { name: '', type: 'date' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      code: 'validation.failed',
      message: 'Alguns campos não são válidos. Por favor verifique os dados.',
      fields: {
        'fields.0.options': 'Obrigatório',
        'fields.1.options': 'Valor inválido',
        'fields.2.name': 'Obrigatório',
        'fields.2.type': 'Valor inválido',
      },
    });
    const twice = await call('POST', `${ASSET_TYPES}?lang=pt`, staff, {
      name: 'Vehicle',
      fields: [
        { name: 'Fuel', type: 'text' },
        { name: 'fuel', type: 'number' },
      ],
    });
    expect(twice.json().fields).toEqual({ 'fields.1.name': 'Cada campo personalizado precisa de um nome próprio.' });
    const emptyOptions = await call('POST', ASSET_TYPES, staff, {
      name: 'Vehicle',
      fields: [{ name: 'Fuel', type: 'options', options: [] }],
    });
    expect(emptyOptions.json().fields).toEqual({ 'fields.0.options': 'Required' });
    const taken = await call('POST', ASSET_TYPES, staff, { name: 'water TANK' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'asset_type.name_taken',
      message: 'An asset type named water TANK already exists.',
    });
    expect((await call('GET', ASSET_TYPES, staff)).json()).toHaveLength(2);
  });

  it('refuses every write of users who are not provider staff', async () => {
    const refused = [
      await call('POST', ASSET_TYPES, customer, { name: 'Mine' }),
      await call('PUT', `${ASSET_TYPES}/${tank.id}`, customer, { version: 1, name: 'Mine' }),
      await call('DELETE', `${ASSET_TYPES}/${tank.id}`, customer),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([403, 403, 403]);
    expect(refused[0]?.json()).toEqual({ code: 'forbidden', message: 'Access denied.' });
    expect((await call('GET', `${ASSET_TYPES}/${tank.id}`, customer)).json()).toEqual(tank);
  });

  it('edits over the version read (409 when stale) and deletes', async () => {
    const edited = await call('PUT', `${ASSET_TYPES}/${tank.id}`, staff, {
      version: 1,
      fields: [{ name: 'Capacity', type: 'number', required: true }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Water tank',
      description: 'A tank with a level sensor',
      fields: [{ name: 'Capacity', type: 'number', required: true }],
      version: 2,
    });
    const stale = await call('PUT', `${ASSET_TYPES}/${tank.id}`, staff, { version: 1, name: 'Lost update' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict');
    const renamedOnto = await call('PUT', `${ASSET_TYPES}/${tank.id}`, staff, { version: 2, name: 'Building' });
    expect(renamedOnto.statusCode).toBe(409);
    expect(renamedOnto.json().code).toBe('asset_type.name_taken');
    const sameName = await call('PUT', `${ASSET_TYPES}/${tank.id}`, staff, { version: 2, name: 'Water Tank' });
    expect(sameName.json()).toMatchObject({ name: 'Water Tank', version: 3 });
    expect((await call('PUT', `${ASSET_TYPES}/no-such-type`, staff, { version: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `${ASSET_TYPES}/${tank.id}`, staff)).statusCode).toBe(204);
    expect((await call('GET', `${ASSET_TYPES}/${tank.id}`, staff)).statusCode).toBe(404);
    expect((await call('DELETE', `${ASSET_TYPES}/${tank.id}`, staff)).statusCode).toBe(404);
  });
});
