import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { insertTracker } from '../../testing/tracker.js';
import { type InboundUplink, storeBatch } from './batch.js';
import { sqliteOps } from './sqlite-ops.js';

describe('the ingest writer on SQLite', () => {
  let database: TestDatabase;
  let writer: SqliteDatabase.Database;
  let device: string;
  /** The statements the writer's connection ran that read devices. */
  let deviceReads = 0;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const { db } = database.handle;
    device = (await insertTracker(db)).id;
    writer = new SqliteDatabase(database.handle.sqlite?.name ?? '', {
      verbose: (statement) => {
        if (/from devices/.test(String(statement))) deviceReads += 1;
      },
    });
  });
  afterAll(async () => {
    writer.close();
    await database.drop();
  });

  const ops = () => sqliteOps(writer, { keepDevices: true });
  const uplink = (counter: number, values: Record<string, number>): InboundUplink => ({
    network: 'ip',
    device: { id: device },
    scopePath: null,
    counter,
    sentAt: null,
    payload: { kind: 'values', values },
  });
  const stored = async () => {
    const row = await database.handle.db
      .selectFrom('devices')
      .select('signalValues')
      .where('id', '=', device)
      .executeTakeFirstOrThrow();
    const values = JSON.parse(row.signalValues) as Record<string, { value: number }>;
    return Object.fromEntries(Object.entries(values).map(([signal, { value }]) => [signal, value]));
  };

  it('reads a device once, and again only after another connection committed', async () => {
    const writing = ops();
    const store = (counter: number, values: Record<string, number>) =>
      writing.inTransaction(() => storeBatch(writing, [uplink(counter, values)], Date.now(), new Map()));
    const before = deviceReads;
    await store(1, { battery: 80 });
    await store(2, { speed: 10 });
    expect(deviceReads - before).toBe(1);
    // The second batch started from the device as the first left it.
    expect(await stored()).toEqual({ battery: 80, speed: 10 });

    await database.handle.db
      .updateTable('devices')
      .set({ calibration: JSON.stringify({ speed: { factor: 2, offset: 0 } }) })
      .where('id', '=', device)
      .execute();
    await store(3, { speed: 10 });
    expect(deviceReads - before).toBe(2);
    expect(await stored()).toEqual({ battery: 80, speed: 20 });
  });

  it('forgets the devices a failed batch changed', async () => {
    const writing = ops();
    const store = (counter: number, values: Record<string, number>) =>
      writing.inTransaction(() => storeBatch(writing, [uplink(counter, values)], Date.now(), new Map()));
    await store(11, { heading: 90 });
    await expect(
      writing.inTransaction(async () => {
        await storeBatch(writing, [uplink(12, { battery: 5 })], Date.now(), new Map());
        throw new Error('the disk is full');
      }),
    ).rejects.toThrow('the disk is full');
    const before = deviceReads;
    await store(13, { heading: 180 });
    expect(deviceReads - before).toBe(1);
    expect(await stored()).toMatchObject({ battery: 80, heading: 180 });
  });

  it('moves the stored last-seen time by a minute or more only', async () => {
    const writing = ops();
    const at = Date.now();
    const store = (counter: number, sentAt: number) =>
      writing.inTransaction(() =>
        storeBatch(writing, [{ ...uplink(counter, { battery: 50 }), sentAt: new Date(sentAt) }], at, new Map()),
      );
    const lastSeen = async () =>
      (
        await database.handle.db
          .selectFrom('devices')
          .select('lastSeenAt')
          .where('id', '=', device)
          .executeTakeFirstOrThrow()
      ).lastSeenAt;
    const before = await lastSeen();
    await store(21, at + 30_000);
    expect(await lastSeen()).toBe(before);
    await store(22, at + 90_000);
    expect(await lastSeen()).toBe(at + 90_000);
  });
});
