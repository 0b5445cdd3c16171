import { type DeviceTypeInfo, deviceTypes, type Signal, SignalHistoryPage } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';
import { SIGNAL_LOCK_LAPSES_AFTER_MS } from './service.js';

const PASSWORD = 'a good password';

describe.each(databaseKinds())('signals on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let otherStaff: string;
  let customer: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });
  const list = async (token: string, query = '') => {
    const response = await call('GET', `/api/signals${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Signal[];
  };
  const create = async (key: string) => {
    const response = await call('POST', '/api/signals', staff, {
      key,
      name: `Signal ${key}`,
      unit: 'bar',
      parameters: { showInList: false, type: 'value' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Signal;
  };
  const history = async (id: string, query = '') => {
    const response = await call('GET', `/api/signals/history/${id}${query}`, staff);
    expect(response.statusCode, response.body).toBe(200);
    return SignalHistoryPage.parse(response.json());
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    await t.createUser('other-staff@example.com', PASSWORD, { role: 'product' });
    await t.createUser('customer@example.com', PASSWORD);
    staff = await t.signIn('staff@example.com', PASSWORD);
    otherStaff = await t.signIn('other-staff@example.com', PASSWORD);
    customer = await t.signIn('customer@example.com', PASSWORD);
  });
  afterAll(async () => t?.close());

  it('should require authentication', async () => {
    for (const [method, url] of [
      ['GET', '/api/signals'],
      ['GET', '/api/signals/some-id'],
      ['POST', '/api/signals'],
      ['PUT', '/api/signals'],
      ['DELETE', '/api/signals/some-id'],
      ['PUT', '/api/signals/lock/some-id'],
      ['PUT', '/api/signals/unlock/some-id'],
      ['PUT', '/api/signals/sync/some-id'],
      ['GET', '/api/signals/history/some-id'],
    ] as const) {
      const response = await call(method, url, undefined, method === 'POST' || url === '/api/signals' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  describe('the catalogue seeded from the codecs', () => {
    it('holds every signal key of the device types, as their codecs define them, for everyone signed in', async () => {
      const signals = await list(customer);
      const codecKeys = new Set(deviceTypes.flatMap((deviceType) => deviceType.signals.map((signal) => signal.key)));
      expect(signals.map((signal) => signal.key).sort()).toEqual([...codecKeys].sort());
      // `temperature` is defined by several types; the first in the registry (Cayenne LPP) gives its definition.
      expect(signals.find((signal) => signal.key === 'temperature')).toEqual({
        uuid: expect.any(String),
        key: 'temperature',
        name: 'Temperature',
        unit: '°C',
        parameters: { showInList: true, type: 'value' },
        updatedAt: expect.any(String),
        version: 1,
      });
      expect(signals.find((signal) => signal.key === 'leak')).toMatchObject({
        unit: null,
        parameters: { showInList: true, type: 'alarm' },
      });
      const seeded = await history(signals[0]?.uuid ?? '');
      expect(seeded.data).toMatchObject([{ action: 'created', user: null }]);
    });

    it('adds nothing when ensured again, and leaves edited signals as they are', async () => {
      const before = await list(staff);
      expect(await t.services.signals.ensureCodecSignals()).toBe(0);
      expect(await list(staff)).toEqual(before);
    });
  });

  describe('writing', () => {
    it('keeps customers to reading: every write, the lock state and the history are refused', async () => {
      const [signal] = await list(customer);
      const id = signal?.uuid ?? '';
      const refused = await Promise.all([
        call('POST', '/api/signals', customer, {
          key: 'pressure',
          name: 'P',
          parameters: { showInList: true, type: 'value' },
        }),
        call('PUT', '/api/signals', customer, { uuid: id, version: 1, name: 'x' }),
        call('DELETE', `/api/signals/${id}`, customer),
        call('PUT', `/api/signals/lock/${id}`, customer),
        call('PUT', `/api/signals/unlock/${id}`, customer),
        call('PUT', `/api/signals/sync/${id}`, customer),
        call('GET', `/api/signals/history/${id}`, customer),
        call('GET', '/api/signals?editionCtrl=true', customer),
      ]);
      expect(refused.map((response) => response.statusCode)).toEqual(Array(8).fill(403));
      expect(refused[0]?.json()).toEqual({ code: 'forbidden', message: 'Access denied.' });
      expect((await call('GET', `/api/signals/${id}`, customer)).json()).not.toHaveProperty('lock');
      expect(await history(id)).toMatchObject({ totalElements: 1 });
    });

    it('creates a signal with a unique key and refuses bad input with a localised message per field', async () => {
      const pressure = await create('pressure');
      expect(pressure).toMatchObject({
        key: 'pressure',
        name: 'Signal pressure',
        unit: 'bar',
        parameters: { showInList: false, type: 'value' },
        lock: null,
        version: 1,
      });
      expect((await call('GET', `/api/signals/${pressure.uuid}`, customer)).json()).toMatchObject({
        key: 'pressure',
        version: 1,
      });
      const taken = await call('POST', '/api/signals', staff, {
        key: 'pressure',
        name: 'Again',
        parameters: { showInList: false, type: 'value' },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({
        code: 'signal.key_taken',
        message: 'A signal with the key pressure already exists.',
      });
      const bad = await call('POST', '/api/signals?lang=pt', staff, {
        key: 'Bad Key',
        name: ' ',
        parameters: { showInList: true, type: 'noise' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        code: 'validation.failed',
        message: 'Alguns campos não são válidos. Por favor verifique os dados.',
        fields: {
          key: 'Use letras minúsculas, dígitos e _, a começar por uma letra.',
          name: 'Obrigatório',
          'parameters.type': 'Valor inválido',
        },
      });
      const longKey = await call('POST', '/api/signals', staff, {
        key: 'x'.repeat(65),
        name: 'Long',
        parameters: { showInList: false, type: 'value' },
      });
      expect(longKey.statusCode).toBe(400);
      expect(longKey.json().fields).toEqual({ key: 'At most 64 characters' });
      const wrongKey = await call('POST', '/api/signals', staff, {
        key: '9lives',
        name: 'Lives',
        parameters: { showInList: false, type: 'value' },
      });
      expect(wrongKey.json().fields).toEqual({ key: 'Use lower-case letters, digits and _, starting with a letter.' });
      const unknown = await call('GET', '/api/signals/no-such-signal', staff);
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('editing control', () => {
    let signal: Signal;
    beforeAll(async () => {
      signal = await create('flow');
    });

    it('needs the lock to save, and refuses another staff user while one holds it', async () => {
      const unlocked = await call('PUT', '/api/signals', staff, { uuid: signal.uuid, version: 1, name: 'Flow' });
      expect(unlocked.statusCode).toBe(422);
      expect(unlocked.json().code).toBe('signal.not_locked');

      const locked = await call('PUT', `/api/signals/lock/${signal.uuid}`, staff);
      expect(locked.statusCode, locked.body).toBe(200);
      expect(locked.json().lock).toEqual({ user: 'staff@example.com', lockedAt: expect.any(String) });
      // Taking it again is harmless; the lock does not change the definition's version.
      expect((await call('PUT', `/api/signals/lock/${signal.uuid}`, staff)).json().version).toBe(1);
      const listed = await list(otherStaff, '?editionCtrl=true');
      expect(listed.find((item) => item.uuid === signal.uuid)?.lock?.user).toBe('staff@example.com');
      expect(listed.find((item) => item.key === 'temperature')?.lock).toBeNull();
      expect((await list(otherStaff)).every((item) => !('lock' in item))).toBe(true);

      for (const response of [
        await call('PUT', `/api/signals/lock/${signal.uuid}`, otherStaff),
        await call('PUT', '/api/signals', otherStaff, { uuid: signal.uuid, version: 1, name: 'Mine' }),
        await call('PUT', `/api/signals/unlock/${signal.uuid}`, otherStaff),
        await call('PUT', `/api/signals/sync/${signal.uuid}`, otherStaff),
        await call('DELETE', `/api/signals/${signal.uuid}`, otherStaff),
      ]) {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          code: 'signal.locked',
          message: 'This signal is locked for editing by staff@example.com.',
        });
      }

      const saved = await call('PUT', '/api/signals', staff, {
        uuid: signal.uuid,
        version: 1,
        name: 'Flow rate',
        unit: 'm³/h',
        parameters: { showInList: true, type: 'value' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ name: 'Flow rate', unit: 'm³/h', version: 2 });
      const stale = await call('PUT', '/api/signals', staff, { uuid: signal.uuid, version: 1, name: 'Lost' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('conflict');

      const released = await call('PUT', `/api/signals/unlock/${signal.uuid}`, staff);
      expect(released.json().lock).toBeNull();
      // A second window of the same user, still on version 1 after the save released the lock: the save is what
      // it missed, not the lock.
      const missed = await call('PUT', '/api/signals', staff, { uuid: signal.uuid, version: 1, name: 'Other tab' });
      expect(missed.statusCode).toBe(409);
      expect(missed.json().code).toBe('conflict');
      const taken = await call('PUT', `/api/signals/lock/${signal.uuid}`, otherStaff);
      expect(taken.json().lock.user).toBe('other-staff@example.com');
      expect((await call('PUT', `/api/signals/unlock/${signal.uuid}`, otherStaff)).statusCode).toBe(200);
      expect((await call('GET', `/api/signals/${signal.uuid}`, staff)).json()).toMatchObject({
        name: 'Flow rate',
        lock: null,
        version: 2,
      });
    });

    it('lets a lock lapse after an hour not taken again: shown as none, taken by another, the holder then refused', async () => {
      const forgotten = await create('level');
      expect((await call('PUT', `/api/signals/lock/${forgotten.uuid}`, staff)).statusCode).toBe(200);
      // As if the window that took it had been closed an hour ago.
      await t.db
        .updateTable('signals')
        .set({ lockedAt: Date.now() - SIGNAL_LOCK_LAPSES_AFTER_MS })
        .where('id', '=', forgotten.uuid)
        .execute();
      const listed = await list(otherStaff, '?editionCtrl=true');
      expect(listed.find((item) => item.uuid === forgotten.uuid)?.lock).toBeNull();
      // The holder's own lapsed lock still counts while nobody takes it.
      const own = await call('PUT', '/api/signals', staff, { uuid: forgotten.uuid, version: 1, name: 'Level' });
      expect(own.statusCode, own.body).toBe(200);
      await t.db
        .updateTable('signals')
        .set({ lockedAt: Date.now() - SIGNAL_LOCK_LAPSES_AFTER_MS })
        .where('id', '=', forgotten.uuid)
        .execute();
      const taken = await call('PUT', `/api/signals/lock/${forgotten.uuid}`, otherStaff);
      expect(taken.statusCode).toBe(200);
      expect(taken.json().lock.user).toBe('other-staff@example.com');
      const late = await call('PUT', '/api/signals', staff, { uuid: forgotten.uuid, version: 2, name: 'Mine' });
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('signal.locked');
    });

    it('lists every change with who made it and what changed, newest first, a page at a time', async () => {
      const page = await history(signal.uuid);
      expect(page.totalElements).toBe(6);
      expect(page.hasNext).toBe(false);
      expect(page.data.map((entry) => [entry.action, entry.user])).toEqual([
        ['unlocked', 'other-staff@example.com'],
        ['locked', 'other-staff@example.com'],
        ['unlocked', 'staff@example.com'],
        ['updated', 'staff@example.com'],
        ['locked', 'staff@example.com'],
        ['created', 'staff@example.com'],
      ]);
      expect(page.data[3]?.changes).toEqual({
        name: { from: 'Signal flow', to: 'Flow rate' },
        unit: { from: 'bar', to: 'm³/h' },
        showInList: { from: false, to: true },
      });
      const second = await history(signal.uuid, '?page=2&pageSize=10');
      expect(second).toMatchObject({ data: [], totalElements: 6, hasNext: false });
      const bad = await call('GET', `/api/signals/history/${signal.uuid}?pageSize=7`, staff);
      expect(bad.statusCode).toBe(400);
      expect((await call('GET', '/api/signals/history/no-such-signal', staff)).statusCode).toBe(404);
    });

    it('syncs a signal from the codecs defining its key and records it', async () => {
      const temperature = (await list(staff)).find((item) => item.key === 'temperature') as Signal;
      await call('PUT', `/api/signals/lock/${temperature.uuid}`, staff);
      const edited = await call('PUT', '/api/signals', staff, {
        uuid: temperature.uuid,
        version: temperature.version,
        name: 'Temp',
        parameters: { showInList: false, type: 'debug' },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const synced = await call('PUT', `/api/signals/sync/${temperature.uuid}`, staff);
      expect(synced.statusCode, synced.body).toBe(200);
      expect(synced.json()).toMatchObject({
        name: 'Temperature',
        unit: '°C',
        parameters: { showInList: true, type: 'value' },
        version: temperature.version + 2,
      });
      const [entry] = (await history(temperature.uuid)).data;
      expect(entry).toMatchObject({
        action: 'synced',
        user: 'staff@example.com',
        changes: {
          name: { from: 'Temp', to: 'Temperature' },
          type: { from: 'debug', to: 'value' },
          showInList: { from: false, to: true },
          source: 'cayenne-lpp',
        },
      });
      await call('PUT', `/api/signals/unlock/${temperature.uuid}`, staff);
      const custom = await call('PUT', `/api/signals/sync/${signal.uuid}?lang=pt`, staff);
      expect(custom.statusCode).toBe(422);
      expect(custom.json()).toEqual({
        code: 'signal.no_codec_definition',
        message: 'Nenhum tipo de dispositivo define um sinal com a chave flow.',
      });
    });

    it("decides which signals device lists show, for every device type with the signal's key", async () => {
      const showsTemperature = async () => {
        const types = (await call('GET', '/api/device-types', customer)).json() as DeviceTypeInfo[];
        return types.flatMap((type) =>
          type.signals.filter((item) => item.key === 'temperature').map((item) => item.showInList),
        );
      };
      expect(new Set(await showsTemperature())).toEqual(new Set([true]));
      const temperature = (await list(staff)).find((item) => item.key === 'temperature') as Signal;
      const edit = (showInList: boolean, version: number) =>
        call('PUT', '/api/signals', staff, {
          uuid: temperature.uuid,
          version,
          parameters: { showInList, type: 'value' },
        });
      await call('PUT', `/api/signals/lock/${temperature.uuid}`, staff);
      expect((await edit(false, temperature.version)).statusCode).toBe(200);
      const shown = await showsTemperature();
      expect(shown.length).toBeGreaterThan(1);
      expect(new Set(shown)).toEqual(new Set([false]));
      expect((await edit(true, temperature.version + 1)).statusCode).toBe(200);
      await call('PUT', `/api/signals/unlock/${temperature.uuid}`, staff);
      expect(new Set(await showsTemperature())).toEqual(new Set([true]));
    });

    it('deletes a signal and keeps its history', async () => {
      expect((await call('DELETE', `/api/signals/${signal.uuid}`, otherStaff)).statusCode).toBe(204);
      expect((await call('GET', `/api/signals/${signal.uuid}`, staff)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/signals/${signal.uuid}`, otherStaff)).statusCode).toBe(404);
      const page = await history(signal.uuid);
      expect(page.data[0]).toMatchObject({
        action: 'deleted',
        user: 'other-staff@example.com',
        changes: { key: 'flow', name: 'Flow rate' },
      });
    });
  });
});
