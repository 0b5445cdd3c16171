import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@iot/shared';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';
import { startNotificationRelay } from '../../db/notification-relay.js';
import { pgArray } from '../../db/pg-array.js';

/** An event with the path of the business it is about, so each listener can keep only what its user may see. */
export interface LiveEventEnvelope {
  businessPath: string;
  event: LiveEvent;
}

export interface LiveEvents {
  /** Sends the events to every open stream, of this process and, on PostgreSQL, of every other server process. */
  publish(envelopes: LiveEventEnvelope[]): void;
  subscribe(listener: (envelope: LiveEventEnvelope) => void): () => void;
  close(): Promise<void>;
}

/** The PostgreSQL channel server processes relay events on. */
const CHANNEL = 'live_events';
/** PostgreSQL refuses a notification payload of 8,000 bytes or more. */
const PAYLOAD_MAX = 7_500;

/**
 * The events of the platform, fanned out to every open stream. With SQLite there is one server process. On
 * PostgreSQL several processes may serve (behind a load balancer, splitting an MQTT stream): each event goes out as a
 * NOTIFY, and every process, this one included, hands what it hears to its own streams (ARCHITECTURE.md "Scale").
 */
export async function createLiveEvents(options: {
  database: DatabaseHandle;
  databaseUrl: string | undefined;
  log: FastifyBaseLogger;
}): Promise<LiveEvents> {
  const emitter = new EventEmitter();
  // One listener per open browser stream: there is no leak to warn about.
  emitter.setMaxListeners(0);
  const deliver = (envelopes: LiveEventEnvelope[]) => {
    for (const envelope of envelopes) emitter.emit('event', envelope);
  };
  const subscribe = (listener: (envelope: LiveEventEnvelope) => void) => {
    emitter.on('event', listener);
    return () => {
      emitter.off('event', listener);
    };
  };
  const { databaseUrl, log } = options;
  if (options.database.kind !== 'postgres' || !databaseUrl) {
    return { publish: deliver, subscribe, close: async () => {} };
  }

  const relay = await startNotificationRelay({
    url: databaseUrl,
    channel: CHANNEL,
    hear: (payload) => deliver(JSON.parse(payload) as LiveEventEnvelope[]),
    log,
  });
  // Each publish is one statement, sent after the previous one is done: every process then hears the events in the
  // order they were published (notifications sent on several pooled connections at once arrive in any order).
  let sending = Promise.resolve();
  return {
    publish(envelopes) {
      if (envelopes.length === 0) return;
      // Without the relay this process's own events would not reach its own streams either: deliver them here.
      if (!relay.listening()) {
        deliver(envelopes);
        return;
      }
      const texts = payloads(envelopes);
      sending = sending.then(() =>
        sql`select pg_notify(${CHANNEL}, payload)
          from unnest(${pgArray(texts)}::text[]) with ordinality as listed(payload, position) order by position`
          .execute(options.database.db)
          .then(
            () => undefined,
            (error: unknown) => {
              log.warn({ err: error }, 'live events not relayed: delivered to this process only');
              for (const payload of texts) deliver(JSON.parse(payload) as LiveEventEnvelope[]);
            },
          ),
      );
    },
    subscribe,
    close: relay.close,
  };
}

/** The envelopes as JSON arrays each small enough for one notification (an envelope too big for one goes alone). */
function payloads(envelopes: LiveEventEnvelope[]): string[] {
  const result: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const envelope of envelopes) {
    const text = JSON.stringify(envelope);
    if (current.length > 0 && size + text.length + 1 > PAYLOAD_MAX) {
      result.push(`[${current.join(',')}]`);
      current = [];
      size = 2;
    }
    current.push(text);
    size += text.length + 1;
  }
  if (current.length > 0) result.push(`[${current.join(',')}]`);
  return result.filter((payload) => payload.length < PAYLOAD_MAX);
}
