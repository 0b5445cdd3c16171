import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../testing/test-database.js';
import { createLiveEvents, type LiveEventEnvelope, type LiveEvents } from './live-events.js';

const postgres = databaseKinds().includes('postgres');

describe.runIf(postgres)('live events between server processes on postgres', () => {
  let database: TestDatabase;
  let sender: LiveEvents;
  let receiver: LiveEvents;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const options = { database: database.handle, databaseUrl: database.databaseUrl, log: Fastify().log };
    sender = await createLiveEvents(options);
    receiver = await createLiveEvents(options);
  });
  afterAll(async () => {
    await sender.close();
    await receiver.close();
    await database.drop();
  });

  it('relays what is published, batches too big for one notification included, whole and in order', async () => {
    const heard: LiveEventEnvelope[] = [];
    receiver.subscribe((envelope) => heard.push(envelope));
    // 300 events of about 200 bytes: several notifications' worth.
    const envelopes: LiveEventEnvelope[] = Array.from({ length: 300 }, (_, index) => ({
      businessPath: '/top/',
      event: {
        type: 'parameterization',
        deviceUUID: `device-${String(index).padStart(4, '0')}-${'x'.repeat(120)}`,
        businessId: 'top',
        status: 'SENT',
      },
    }));
    // Three publishes in a row, as three ingest batches would.
    for (const start of [0, 100, 200]) sender.publish(envelopes.slice(start, start + 100));
    for (let waited = 0; heard.length < envelopes.length && waited < 5_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(heard.map((envelope) => envelope.event.deviceUUID)).toEqual(
      envelopes.map((envelope) => envelope.event.deviceUUID),
    );
  });
});
