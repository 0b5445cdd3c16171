import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

const RECONNECT_MS = 1_000;

export interface NotificationRelay {
  /** Whether the relay's connection is up: while it is not, notifications sent meanwhile are not heard. */
  listening(): boolean;
  close(): Promise<void>;
}

/**
 * A PostgreSQL connection of its own that LISTENs on `channel` (a pooled connection may not) and hands each payload it
 * hears to `hear`, reopened when it drops. `connected` runs each time it starts listening, the first time included:
 * what was sent while it was down is lost, and a listener that keeps state from notifications starts afresh there.
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
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) hear(message.payload);
    });
    next.on('error', (error) => {
      log.warn({ err: error, channel }, 'notification relay lost its connection: reconnecting');
      if (client === next) client = null;
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${channel}`);
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

  await connect();
  return {
    listening: () => client !== null,
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.end();
    },
  };
}
