import { effectiveRole, idsOnPath } from '@iot/shared';
import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import type { ActionJobsTable, ConditionEventsTable, Database, DatabaseSchema } from '../../db/schema.js';
import { roleAt } from '../businesses/repo.js';

type Executor = Database | Transaction<DatabaseSchema>;

export type ActionJobRow = Selectable<ActionJobsTable>;
export type ConditionEventRow = Selectable<ConditionEventsTable>;

/**
 * What `business_actions.actions` holds for a business that follows its parent again after having had its own list:
 * the row stays, so its version keeps counting and an edit made over an older version is still refused.
 */
export const FOLLOWS_PARENT = 'null';

/** Action lists, their execution status and the job queue. SQL only. */
export function createActionsRepo(db: Database) {
  return {
    /** The stored lists of a node and its ancestors, nearest first (a node without a row is absent). */
    listsOnPath(path: string, trx: Executor = db) {
      return trx
        .selectFrom('businesses')
        .leftJoin('businessActions', 'businessActions.businessId', 'businesses.id')
        .select([
          'businesses.id',
          'businesses.description',
          'businesses.depth',
          'businessActions.actions',
          'businessActions.version',
        ])
        .where('businesses.id', 'in', idsOnPath(path))
        .orderBy('businesses.depth', 'desc')
        .execute();
    },

    /** Saves a node's own list (JSON, or `FOLLOWS_PARENT`) over `version` (0: no row yet); false when stale. */
    async saveList(businessId: string, version: number, actions: string, now: number, trx: Executor = db) {
      if (version === 0) {
        const inserted = await trx
          .insertInto('businessActions')
          .values({ businessId, actions, updatedAt: now, version: 1 })
          .onConflict((conflict) => conflict.column('businessId').doNothing())
          .executeTakeFirst();
        return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
      }
      const updated = await trx
        .updateTable('businessActions')
        .set({ actions, updatedAt: now, version: version + 1 })
        .where('businessId', '=', businessId)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    async statusesOf(actionIds: string[], trx: Executor = db) {
      if (actionIds.length === 0) return [];
      return trx.selectFrom('actionStatus').selectAll().where('actionId', 'in', actionIds).execute();
    },

    async recordStatus(
      status: { actionId: string; lastRunAt: number; lastError: string | null; lastNotice: string | null },
      trx: Executor = db,
    ) {
      const { actionId, ...changes } = status;
      await trx
        .insertInto('actionStatus')
        .values(status)
        .onConflict((conflict) => conflict.column('actionId').doUpdateSet(changes))
        .execute();
    },

    /** Condition edges not yet dispatched, in the order they happened. */
    undispatchedEvents(limit: number, trx: Executor = db) {
      return trx
        .selectFrom('conditionEvents')
        .innerJoin('devices', 'devices.id', 'conditionEvents.deviceId')
        .selectAll('conditionEvents')
        .select([
          'devices.businessId',
          'devices.businessPath',
          'devices.description as deviceDescription',
          'devices.deviceType',
        ])
        .where('conditionEvents.dispatchedAt', 'is', null)
        .orderBy('conditionEvents.id')
        .limit(limit)
        .execute();
    },

    /** Forgets dispatched edges with ids below `beforeId` (recorded before the time it starts with). */
    async pruneDispatchedEvents(beforeId: string) {
      await db.deleteFrom('conditionEvents').where('id', '<', beforeId).where('dispatchedAt', 'is not', null).execute();
    },

    async markDispatched(ids: string[], at: number, trx: Executor = db) {
      if (ids.length === 0) return;
      await trx.updateTable('conditionEvents').set({ dispatchedAt: at }).where('id', 'in', ids).execute();
    },

    async insertJobs(jobs: Insertable<ActionJobsTable>[], trx: Executor = db) {
      for (let start = 0; start < jobs.length; start += 200) {
        await trx
          .insertInto('actionJobs')
          .values(jobs.slice(start, start + 200))
          .execute();
      }
    },

    /** Forgets finished jobs: done ones last run before `doneBefore`, given-up ones before `failedBefore`. */
    async pruneFinished(doneBefore: number, failedBefore: number) {
      await db.deleteFrom('actionJobs').where('status', '=', 'done').where('runAt', '<', doneBefore).execute();
      await db.deleteFrom('actionJobs').where('status', '=', 'failed').where('runAt', '<', failedBefore).execute();
    },

    /** Pending jobs due at `now` that no live worker holds, oldest first. */
    dueJobs(now: number, limit: number) {
      return db
        .selectFrom('actionJobs')
        .selectAll()
        .where('status', '=', 'pending')
        .where('runAt', '<=', now)
        .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
        .orderBy('runAt')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /**
     * Takes a job until `lockedUntil`, counting the attempt now (so a job that kills its worker still runs out of
     * attempts); false when another worker took it first. Works the same on both databases: the condition is
     * re-checked by the update itself.
     */
    async claim(job: ActionJobRow, now: number, lockedUntil: number) {
      const result = await db
        .updateTable('actionJobs')
        .set({ lockedUntil, attempts: job.attempts + 1 })
        .where('id', '=', job.id)
        .where('status', '=', 'pending')
        .where('attempts', '=', job.attempts)
        .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async finishJob(
      id: string,
      changes: { status: ActionJobsTable['status']; runAt?: number; lastError: string | null; event?: string },
    ) {
      await db
        .updateTable('actionJobs')
        .set({ ...changes, lockedUntil: null })
        .where('id', '=', id)
        .execute();
    },

    /**
     * The users with these ids that still exist, with what calling and texting them needs and their effective role on
     * the business `businessId` (`none` when it is gone).
     */
    async usersByIds(ids: string[], businessId: string) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('users')
        .leftJoin('businesses', (join) => join.on('businesses.id', '=', businessId))
        .select([
          'users.id',
          'users.email',
          'users.phone',
          'users.timezone',
          'users.language',
          'users.offWorkFrom',
          'users.offWorkTo',
          'users.callReception',
          'users.role as userRole',
        ])
        .select(roleAt(sql.ref<string>('users.id'), 'businesses.path').as('entryRole'))
        .where('users.id', 'in', ids)
        .execute();
      return rows.map(({ userRole, entryRole, ...user }) => ({
        ...user,
        roleThere: effectiveRole({ userRole, businessEntryRole: entryRole ?? undefined }),
      }));
    },

    /** Every entry on the nodes of a path (the node and its ancestors), with the user's address and the depth. */
    entriesOnPath(path: string) {
      return db
        .selectFrom('businessUsers')
        .innerJoin('businesses', 'businesses.id', 'businessUsers.businessId')
        .innerJoin('users', 'users.id', 'businessUsers.userId')
        .select([
          'users.id as userId',
          'users.email',
          'users.language',
          'users.timezone',
          'businessUsers.role',
          'businesses.depth',
        ])
        .where('businessUsers.businessId', 'in', idsOnPath(path))
        .execute();
    },

    /** The users of these addresses (stored in lower case, as users' addresses are), with their language and timezone. */
    async usersByEmails(emails: string[]) {
      if (emails.length === 0) return [];
      return db
        .selectFrom('users')
        .select(['email', 'language', 'timezone'])
        .where(
          'email',
          'in',
          emails.map((email) => email.toLowerCase()),
        )
        .execute();
    },

    async businessPathOf(businessId: string) {
      const row = await db.selectFrom('businesses').select('path').where('id', '=', businessId).executeTakeFirst();
      return row?.path;
    },

    async ownList(businessId: string) {
      return db.selectFrom('businessActions').selectAll().where('businessId', '=', businessId).executeTakeFirst();
    },
  };
}

export type ActionsRepo = ReturnType<typeof createActionsRepo>;
