import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

const RECONNECT_MS = 1_000;
/** How long a new connection waits to hear its own probe before it is taken as not listening. */
const PROBE_MS = 2_000;

export interface NotificationRelay {
  /** Whether the relay's connection is up: while it is not, notifications sent meanwhile are not heard. */
  listening(): boolean;
  close(): Promise<void>;
}

/**
 * A PostgreSQL connection of its own that LISTENs on `channel` (a pooled connection may not) and hands each payload it
 * hears to `hear`, reopened when it drops. It counts as listening only once it has heard a notification it sent
 * itself: through a pooler in transaction mode a LISTEN is not kept, and nothing would be heard. `connected` runs each
 * time it starts listening, the first time included: what was sent while it was down is lost, and a listener that
 * keeps state from notifications starts afresh there.
 */
export async function startNotificationRelay(options: {
  url: string;
  channel: string;
  hear: (payload: string) => void;
  connected?: () => void;
  log: FastifyBaseLogger;
}): Promise<NotificationRelay> {
  const { url, channel, hear, connected, log } = options;
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  async function connect() {
    const next = new pg.Client({ connectionString: url });
    const probe = `probe:${randomUUID()}`;
    let probeHeard: () => void = () => {};
    const heard = new Promise<void>((resolve) => {
      probeHeard = resolve;
    });
    next.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      if (message.payload === probe) probeHeard();
      else if (!message.payload.startsWith('probe:')) hear(message.payload);
    });
    next.on('error', (error) => {
      log.warn({ err: error, channel }, 'notification relay lost its connection: reconnecting');
      if (client === next) client = null;
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${channel}`);
    await next.query('select pg_notify($1, $2)', [channel, probe]);
    let probeTimer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      probeTimer = setTimeout(() => reject(new Error(`${channel}: its own notification was not heard`)), PROBE_MS);
    });
    try {
      await Promise.race([heard, timedOut]);
    } catch (error) {
      await next.end();
      throw error;
    } finally {
      clearTimeout(probeTimer);
    }
    client = next;
    connected?.();
  }

  function scheduleReconnect() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch((error: unknown) => {
        log.warn({ err: error, channel }, 'notification relay not reconnected yet');
        scheduleReconnect();
      });
    }, RECONNECT_MS);
    timer.unref();
  }

  // Not listening yet is not fatal: the process serves meanwhile (see each user's fallback) and keeps trying.
  await connect().catch((error: unknown) => {
    log.warn({ err: error, channel }, 'notification relay not listening yet');
    scheduleReconnect();
  });
  return {
    listening: () => client !== null,
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.end();
    },
  };
}
