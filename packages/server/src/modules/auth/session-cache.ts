import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/database.js';
import { createKeptReads } from '../../db/kept-reads.js';
import type { SessionWithUser } from './repo.js';

/** The PostgreSQL channel on which the triggers of migration 0021 name a user whose row or sessions changed. */
const CHANNEL = 'session_changes';
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
 * (migration 0021 makes every such change known, `db/kept-reads.ts` how it is heard): on PostgreSQL the notification
 * names the user changed, whose sessions are forgotten. This process also forgets a user's sessions as soon as it has
 * written a change (`forgetUser`), before it answers the call that made it.
 */
export async function createSessionCache(options: {
  database: DatabaseHandle;
  databaseUrl: string | undefined;
  /** SQLite: the count of changes to users and ended sessions. */
  revision: () => Promise<number>;
  log: FastifyBaseLogger;
  now?: () => number;
}): Promise<SessionCache> {
  const ofUser = (userId: string) => (session: SessionWithUser) => session.user.id === userId;
  const kept = await createKeptReads<SessionWithUser>({
    ...options,
    channel: CHANNEL,
    forgetHeard: ofUser,
    maxEntries: MAX_SESSIONS,
    maxAgeMs: MAX_AGE_MS,
  });
  return {
    read: kept.read,
    touched: (tokenHash, at) => kept.update(tokenHash, (session) => ({ ...session, lastUsedAt: at })),
    forgetUser: (userId) => kept.forget(ofUser(userId)),
    close: kept.close,
  };
}
