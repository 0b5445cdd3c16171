import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/database.js';
import { type NotificationRelay, startNotificationRelay } from '../../db/notification-relay.js';
import type { SessionWithUser } from './repo.js';

/** The PostgreSQL channel on which the triggers of migration 0021 name a user whose row or sessions changed. */
const CHANNEL = 'session_changes';
/** SQLite: how long the count of changes read is taken as current (a change written elsewhere is seen this late). */
const REVISION_FRESH_MS = 1;
/** Sessions kept at most; past it the oldest kept goes first. */
const MAX_SESSIONS = 10_000;
/** A kept session is read again after this long even when no change was heard (a notification lost in transit). */
const MAX_AGE_MS = 60_000;

export interface SessionCache {
  /** A token's session: as read recently when nothing about its user changed since, otherwise by `read`. */
  read(tokenHash: string, read: () => Promise<SessionWithUser | undefined>): Promise<SessionWithUser | undefined>;
  /** The session's last use was written as `at`. */
  touched(tokenHash: string, at: number): void;
  /** The user's row or sessions changed (written by this process): their sessions are read again. */
  forgetUser(userId: string): void;
  close(): Promise<void>;
}

/**
 * The sessions of recent requests, so that a request does not read its session and user from the database: that read
 * was a third of a single-device GET's time on SQLite and one of its two round trips on PostgreSQL.
 *
 * A kept session must never outlive a sign-out, a password change or a change of its user, whatever wrote it
 * (migration 0021 makes every such change known):
 * - SQLite (one serving process): requests read the count of changes (at most once a millisecond), and what was kept
 *   before the count moved is dropped.
 * - PostgreSQL (several processes may serve): every process hears the id of each user changed when the change
 *   commits, and drops that user's sessions. Sessions are kept only while the relay listens: while it is down every
 *   request reads its session, and what was kept is dropped when it comes back.
 * This process also forgets a user's sessions as soon as it has written a change (`forgetUser`), before it answers the
 * call that made it. A read that began before a change was heard is not kept, so an older answer cannot outlive it.
 */
export async function createSessionCache(options: {
  database: DatabaseHandle;
  databaseUrl: string | undefined;
  /** SQLite: the count of changes to users and ended sessions. */
  revision: () => Promise<number>;
  log: FastifyBaseLogger;
  now?: () => number;
}): Promise<SessionCache> {
  const now = options.now ?? Date.now;
  const kept = new Map<string, { session: SessionWithUser; keptAt: number }>();
  // Counts the changes heard: a read that saw another count when it began may hold what changed since.
  let changes = 0;

  const forgetUser = (userId: string) => {
    changes++;
    for (const [tokenHash, entry] of kept) if (entry.session.user.id === userId) kept.delete(tokenHash);
  };
  const forgetAll = () => {
    changes++;
    kept.clear();
  };

  let relay: NotificationRelay | undefined;
  if (options.database.kind === 'postgres' && options.databaseUrl) {
    relay = await startNotificationRelay({
      url: options.databaseUrl,
      channel: CHANNEL,
      hear: forgetUser,
      connected: forgetAll,
      log: options.log,
    });
  }
  const sqlite = options.database.kind === 'sqlite';
  const keeping = () => sqlite || relay?.listening() === true;
  let seenRevision: number | undefined;
  let revisionReadAt = Number.NEGATIVE_INFINITY;

  return {
    async read(tokenHash, read) {
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
      const entry = kept.get(tokenHash);
      if (entry && now() - entry.keptAt < MAX_AGE_MS && keeping()) return entry.session;
      const changesBefore = changes;
      const session = await read();
      if (!session) kept.delete(tokenHash);
      else if (changes === changesBefore && keeping()) {
        kept.delete(tokenHash);
        kept.set(tokenHash, { session, keptAt: now() });
        if (kept.size > MAX_SESSIONS) {
          const oldest = kept.keys().next().value;
          if (oldest !== undefined) kept.delete(oldest);
        }
      }
      return session;
    },

    touched(tokenHash, at) {
      const entry = kept.get(tokenHash);
      if (entry) entry.session = { ...entry.session, lastUsedAt: at };
    },

    forgetUser,

    async close() {
      kept.clear();
      await relay?.close();
    },
  };
}
