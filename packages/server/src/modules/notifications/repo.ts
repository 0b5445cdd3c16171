import { randomUUID } from 'node:crypto';
import type { Language } from '@iot/shared';
import type { Insertable, Selectable, Transaction } from 'kysely';
import { orderedId } from '../../db/ordered-id.js';
import type {
  Database,
  DatabaseSchema,
  DeliveryStatus,
  NotificationDeliveriesTable,
  NotificationsTable,
  PushSubscriptionsTable,
} from '../../db/schema.js';

type Executor = Database | Transaction<DatabaseSchema>;

export type NotificationRow = Selectable<NotificationsTable>;
export type DeliveryRow = Selectable<NotificationDeliveriesTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type NewNotification = Omit<Insertable<NotificationsTable>, 'id'>;

const count = (value: bigint | number | string | undefined) => Number(value ?? 0);

/** Lists longer than this are written and read in slices, within every database's limit of bound parameters. */
const SLICE = 500;

function slices<T>(items: T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += SLICE) result.push(items.slice(start, start + SLICE));
  return result;
}

/**
 * Notifications, their delivery attempts, push and topic subscriptions. Every query about a user's notifications takes
 * that user's id, so another user's rows are never read or changed.
 */
export function createNotificationsRepo(db: Database) {
  return {
    /** Stores notifications; one whose user already has a notification of the same `source` is left out. */
    async insertMany(notifications: NewNotification[], trx: Executor = db): Promise<NotificationRow[]> {
      const inserted: NotificationRow[] = [];
      for (const slice of slices(notifications)) {
        const rows = await trx
          .insertInto('notifications')
          .values(slice.map((notification) => ({ id: orderedId(), ...notification })))
          .onConflict((conflict) => conflict.columns(['userId', 'source']).doNothing())
          .returningAll()
          .execute();
        inserted.push(...rows);
      }
      return inserted;
    },

    /** The users' notifications caused by `source`, whoever stored them. */
    async ofSource(userIds: string[], source: string): Promise<NotificationRow[]> {
      const found: NotificationRow[] = [];
      for (const slice of slices(userIds)) {
        found.push(
          ...(await db
            .selectFrom('notifications')
            .selectAll()
            .where('source', '=', source)
            .where('userId', 'in', slice)
            .execute()),
        );
      }
      return found;
    },

    /** Marks notifications as pushed; answers those not pushed before, which are the caller's to push. */
    async claimForPush(ids: string[], now: number): Promise<NotificationRow[]> {
      const claimed: NotificationRow[] = [];
      for (const slice of slices(ids)) {
        claimed.push(
          ...(await db
            .updateTable('notifications')
            .set({ pushedAt: now })
            .where('id', 'in', slice)
            .where('pushedAt', 'is', null)
            .returningAll()
            .execute()),
        );
      }
      return claimed;
    },

    /** One page of a user's notifications, newest first, and how many there are in all. */
    async pageOf(userId: string, options: { onlyUnread: boolean; limit: number; offset: number }) {
      let query = db.selectFrom('notifications').where('userId', '=', userId);
      if (options.onlyUnread) query = query.where('readAt', 'is', null);
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(options.limit)
          .offset(options.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: count(total.n) };
    },

    async findOwn(userId: string, id: string): Promise<NotificationRow | undefined> {
      return db
        .selectFrom('notifications')
        .selectAll()
        .where('id', '=', id)
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    /** Marks one of the user's notifications read (keeping the first reading time); undefined when not theirs. */
    async markRead(userId: string, id: string, now: number): Promise<NotificationRow | undefined> {
      return db
        .updateTable('notifications')
        .set((eb) => ({ readAt: eb.fn.coalesce('readAt', eb.val(now)) }))
        .where('id', '=', id)
        .where('userId', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },

    async markAllRead(userId: string, now: number): Promise<number> {
      const result = await db
        .updateTable('notifications')
        .set({ readAt: now })
        .where('userId', '=', userId)
        .where('readAt', 'is', null)
        .executeTakeFirst();
      return count(result.numUpdatedRows);
    },

    /** Deletes one notification of the user (`id`) or all of them; answers how many went. */
    async deleteOwn(userId: string, id?: string): Promise<number> {
      let query = db.deleteFrom('notifications').where('userId', '=', userId);
      if (id !== undefined) query = query.where('id', '=', id);
      const result = await query.executeTakeFirst();
      return count(result.numDeletedRows);
    },

    async countUnread(userId: string): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('userId', '=', userId)
        .where('readAt', 'is', null)
        .executeTakeFirstOrThrow();
      return count(row.n);
    },

    async insertDelivery(delivery: Omit<Insertable<NotificationDeliveriesTable>, 'id'>): Promise<void> {
      await db
        .insertInto('notificationDeliveries')
        .values({ id: randomUUID(), ...delivery })
        .execute();
    },

    /** Every delivery attempt of a notification, oldest first. */
    async deliveriesOf(notificationId: string): Promise<DeliveryRow[]> {
      return db
        .selectFrom('notificationDeliveries')
        .selectAll()
        .where('notificationId', '=', notificationId)
        .orderBy('attemptedAt')
        .orderBy('id')
        .execute();
    },

    async deliveryCountsOf(notificationId: string): Promise<Record<DeliveryStatus, number>> {
      const rows = await db
        .selectFrom('notificationDeliveries')
        .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
        .where('notificationId', '=', notificationId)
        .groupBy('status')
        .execute();
      const counts: Record<DeliveryStatus, number> = { sent: 0, failed: 0, gone: 0 };
      for (const row of rows) counts[row.status] = count(row.n);
      return counts;
    },

    /** The users' push subscriptions, each with its user's language (what is pushed is worded in it). */
    async subscriptionsOf(userIds: string[]): Promise<(PushSubscriptionRow & { language: Language })[]> {
      const found: (PushSubscriptionRow & { language: Language })[] = [];
      for (const slice of slices(userIds)) {
        found.push(
          ...(await db
            .selectFrom('pushSubscriptions')
            .innerJoin('users', 'users.id', 'pushSubscriptions.userId')
            .selectAll('pushSubscriptions')
            .select('users.language')
            .where('pushSubscriptions.userId', 'in', slice)
            .execute()),
        );
      }
      return found;
    },

    /**
     * Keeps the user's subscription under `token`. A browser's endpoint belongs to one user at a time: whoever stored it
     * last, so a shared browser stops receiving the previous user's notifications.
     */
    async storeSubscription(
      subscription: Pick<PushSubscriptionRow, 'userId' | 'token' | 'endpoint' | 'p256dh' | 'auth' | 'expirationTime'>,
      now: number,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('pushSubscriptions')
          .where('endpoint', '=', subscription.endpoint)
          .where((eb) => eb.or([eb('userId', '!=', subscription.userId), eb('token', '!=', subscription.token)]))
          .execute();
        await trx
          .insertInto('pushSubscriptions')
          .values({ id: randomUUID(), ...subscription, createdAt: now, updatedAt: now })
          .onConflict((conflict) =>
            conflict.columns(['userId', 'token']).doUpdateSet({
              endpoint: subscription.endpoint,
              p256dh: subscription.p256dh,
              auth: subscription.auth,
              expirationTime: subscription.expirationTime,
              updatedAt: now,
            }),
          )
          .execute();
      });
    },

    async deleteSubscription(userId: string, token: string): Promise<number> {
      const result = await db
        .deleteFrom('pushSubscriptions')
        .where('userId', '=', userId)
        .where('token', '=', token)
        .executeTakeFirst();
      return count(result.numDeletedRows);
    },

    async deleteSubscriptionById(id: string): Promise<void> {
      await db.deleteFrom('pushSubscriptions').where('id', '=', id).execute();
    },

    async subscribeToTopic(userId: string, topic: string, now: number): Promise<void> {
      await db
        .insertInto('topicSubscriptions')
        .values({ topic, userId, createdAt: now })
        .onConflict((conflict) => conflict.columns(['topic', 'userId']).doNothing())
        .execute();
    },

    async unsubscribeFromTopic(userId: string, topic: string): Promise<void> {
      await db.deleteFrom('topicSubscriptions').where('topic', '=', topic).where('userId', '=', userId).execute();
    },

    async topicSubscribers(topic: string): Promise<string[]> {
      const rows = await db.selectFrom('topicSubscriptions').select('userId').where('topic', '=', topic).execute();
      return rows.map((row) => row.userId);
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
