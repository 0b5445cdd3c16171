import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './database.js';
import { type NotificationRelay, startNotificationRelay } from './notification-relay.js';

/** SQLite: how long the count of changes read is taken as current (a change written elsewhere is seen this late). */
const REVISION_FRESH_MS = 1;

export interface KeptReads<Value> {
  /** The value kept under `key` when nothing it depends on changed since it was read, otherwise `read`'s. */
  read(key: string, read: () => Promise<Value | undefined>): Promise<Value | undefined>;
  /** Changes a kept value in place (what this process itself did to it). */
  update(key: string, change: (value: Value) => Value): void;
  /** Forgets the kept values that `drop` picks. */
  forget(drop: (value: Value) => boolean): void;
  forgetAll(): void;
  close(): Promise<void>;
}

/**
 * Reads kept in memory by a key, so that requests do not read again what rarely changes (a session, a caller's
 * entries in the business tree), each forgotten as soon as what it was read from changes, whatever wrote the change
 * (triggers in the database make every change known):
 * - SQLite (one serving process): `revision`, a count the triggers move, is read at most once a millisecond before
 *   a kept value is used, and everything kept before it moved is forgotten.
 * - PostgreSQL (several processes may serve): every process hears each change on `channel` when it commits;
 *   `forgetHeard` says what a notification's payload makes forgotten (everything, when not given). Values are kept only
 *   while the relay listens: while it is down every call reads, and what was kept is forgotten when it comes back.
 * The process that writes a change also forgets what it changed as soon as it has committed (`forget`, `forgetAll`),
 * before it answers the call that made it. A read that began before a change was heard is not kept, so an older answer
 * cannot outlive it; nor is a value kept past `maxAgeMs` (a notification lost in transit), nor more than `maxEntries`
 * (the one kept longest ago goes first).
 */
export async function createKeptReads<Value>(options: {
  database: DatabaseHandle;
  databaseUrl: string | undefined;
  channel: string;
  revision: () => Promise<number>;
  forgetHeard?: (payload: string) => (value: Value) => boolean;
  maxEntries: number;
  maxAgeMs: number;
  log: FastifyBaseLogger;
  now?: () => number;
}): Promise<KeptReads<Value>> {
  const now = options.now ?? Date.now;
  const kept = new Map<string, { value: Value; keptAt: number }>();
  // Counts the changes heard: a read that saw another count when it began may hold what changed since.
  let changes = 0;

  const forget = (drop: (value: Value) => boolean) => {
    changes++;
    for (const [key, entry] of kept) if (drop(entry.value)) kept.delete(key);
  };
  const forgetAll = () => {
    changes++;
    kept.clear();
  };

  let relay: NotificationRelay | undefined;
  if (options.database.kind === 'postgres' && options.databaseUrl) {
    const { forgetHeard } = options;
    relay = await startNotificationRelay({
      url: options.databaseUrl,
      channel: options.channel,
      hear: (payload) => (forgetHeard ? forget(forgetHeard(payload)) : forgetAll()),
      connected: forgetAll,
      log: options.log,
    });
  }
  const sqlite = options.database.kind === 'sqlite';
  const keeping = () => sqlite || relay?.listening() === true;
  let seenRevision: number | undefined;
  let revisionReadAt = Number.NEGATIVE_INFINITY;

  return {
    async read(key, read) {
      // Read at most once a millisecond: at thousands of requests a second the read, which starts a read transaction
      // of its own, was a tenth of a single-device GET's time (measured: 5 of 50 microseconds).
      if (sqlite && performance.now() - revisionReadAt >= REVISION_FRESH_MS) {
        revisionReadAt = performance.now();
        const revision = await options.revision();
        if (revision !== seenRevision) {
          forgetAll();
          seenRevision = revision;
        }
      }
      const entry = kept.get(key);
      if (entry && now() - entry.keptAt < options.maxAgeMs && keeping()) return entry.value;
      const changesBefore = changes;
      const value = await read();
      kept.delete(key);
      if (value !== undefined && changes === changesBefore && keeping()) {
        kept.set(key, { value, keptAt: now() });
        if (kept.size > options.maxEntries) {
          const oldest = kept.keys().next().value;
          if (oldest !== undefined) kept.delete(oldest);
        }
      }
      return value;
    },

    update(key, change) {
      const entry = kept.get(key);
      if (entry) entry.value = change(entry.value);
    },

    forget,
    forgetAll,

    async close() {
      kept.clear();
      await relay?.close();
    },
  };
}
