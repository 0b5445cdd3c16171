import {
  isProviderStaff,
  type Language,
  type NotificationCode,
  type NotificationListQuery,
  type NotificationMessage,
  notificationText,
  type PushSubscriptionBody,
  type SendNotificationRequest,
} from '@iot/shared';
import { isPublicPushEndpoint } from '../../adapters/push/endpoint-policy.js';
import type { PushSender } from '../../adapters/push/push-sender.js';
import type { DeliveryStatus } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { UserRow } from '../users/present.js';
import type { UsersRepo } from '../users/repo.js';
import { contentOf } from './present.js';
import type { NewNotification, NotificationRow, NotificationsRepo, PushSubscriptionRow } from './repo.js';

/** Push requests in flight at once while delivering one batch. */
const DELIVERY_CONCURRENCY = 8;
const ERROR_TEXT_MAX = 500;

interface Dependencies {
  notificationsRepo: NotificationsRepo;
  usersRepo: UsersRepo;
  pushSender: PushSender;
  /** Accept push endpoints on this machine or private networks (tests, closed installations). */
  allowPrivateEndpoints: boolean;
  log: { error(object: unknown, message: string): void };
  now?: () => number;
}

interface Recipient {
  userId: string;
  topic: string | null;
}

/** What a notification says: a message code with its parameters, or free text (provider staff's). */
export type NotificationSaying = { code: NotificationCode; params: Record<string, string> } | NotificationMessage;

/** The columns that store what a notification says. */
function sayingColumns(saying: NotificationSaying): Pick<NewNotification, 'title' | 'body' | 'code' | 'params'> {
  if ('code' in saying) return { title: '', body: '', code: saying.code, params: JSON.stringify(saying.params) };
  return { title: saying.title, body: saying.body, code: null, params: null };
}

type Subscription = PushSubscriptionRow & { language: Language };

/** A topic's name: its two path segments, `a/b`. */
export const topicName = (topic: { a: string; b: string }) => `${topic.a}/${topic.b}`;

/** Runs `work` on every item, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
}

/** How a push service's answer counts: 2xx delivered; 404 and 410 mean the subscription no longer exists (RFC 8030). */
function deliveryStatus(statusCode: number): DeliveryStatus {
  if (statusCode >= 200 && statusCode < 300) return 'sent';
  if (statusCode === 404 || statusCode === 410) return 'gone';
  return 'failed';
}

export function createNotificationsService({
  notificationsRepo,
  usersRepo,
  pushSender,
  allowPrivateEndpoints,
  log,
  now = Date.now,
}: Dependencies) {
  async function ownNotification(user: UserRow, id: string): Promise<NotificationRow> {
    const notification = await notificationsRepo.findOwn(user.id, id);
    if (!notification) throw new AppError('not_found');
    return notification;
  }

  /** One attempt to one subscription, always recorded; a subscription the push service no longer knows is dropped. */
  async function deliverTo(notification: NotificationRow, subscription: Subscription): Promise<void> {
    const { title, body } = notificationText(contentOf(notification), subscription.language);
    const payload = JSON.stringify({ title, body, id: notification.id });
    let status: DeliveryStatus = 'failed';
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await pushSender.send(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
      );
      statusCode = response.statusCode;
      status = deliveryStatus(response.statusCode);
      if (status !== 'sent') error = response.body || `HTTP ${response.statusCode}`;
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    try {
      if (status === 'gone') await notificationsRepo.deleteSubscriptionById(subscription.id);
      await notificationsRepo.insertDelivery({
        notificationId: notification.id,
        channel: 'web-push',
        endpointHost: endpointHost(subscription.endpoint),
        status,
        statusCode,
        error: error === null ? null : error.slice(0, ERROR_TEXT_MAX),
        attemptedAt: now(),
      });
    } catch (failure) {
      log.error({ err: failure, notificationId: notification.id }, 'push delivery could not be recorded');
    }
  }

  /** Web push of each notification to every stored subscription of its user. Never throws. */
  async function deliver(notifications: NotificationRow[]): Promise<void> {
    try {
      const subscriptions = await notificationsRepo.subscriptionsOf([...new Set(notifications.map((n) => n.userId))]);
      const byUser = new Map<string, Subscription[]>();
      for (const subscription of subscriptions) {
        byUser.set(subscription.userId, [...(byUser.get(subscription.userId) ?? []), subscription]);
      }
      const attempts = notifications.flatMap((notification) =>
        (byUser.get(notification.userId) ?? []).map((subscription) => ({ notification, subscription })),
      );
      await eachLimited(attempts, DELIVERY_CONCURRENCY, ({ notification, subscription }) =>
        deliverTo(notification, subscription),
      );
    } catch (failure) {
      log.error({ err: failure }, 'push delivery failed');
    }
  }

  /**
   * Stores one notification per recipient (the first entry of a user wins), then pushes them. With a `source`, a user
   * who has a notification of that source already (the alarm it raised, another action) gets no second one: that one
   * is pushed instead, unless it was pushed before.
   */
  async function storeAndDeliver(
    recipients: Recipient[],
    saying: NotificationSaying,
    source: string | null = null,
  ): Promise<NotificationRow[]> {
    const unique = new Map<string, Recipient>();
    for (const recipient of recipients) if (!unique.has(recipient.userId)) unique.set(recipient.userId, recipient);
    const createdAt = now();
    const stored = await notificationsRepo.insertMany(
      [...unique.values()].map(({ userId, topic }) => ({
        userId,
        topic,
        ...sayingColumns(saying),
        source,
        readAt: null,
        createdAt,
      })),
    );
    const ofSource = source === null ? stored : await notificationsRepo.ofSource([...unique.keys()], source);
    await deliver(
      await notificationsRepo.claimForPush(
        ofSource.map((notification) => notification.id),
        createdAt,
      ),
    );
    return stored;
  }

  return {
    /**
     * Notifies users (alarms and other events call this): the notifications are stored first, then web push goes to
     * every subscription of each user. A failed push never undoes the store; each attempt is recorded.
     */
    async notify(
      userIds: string[],
      saying: NotificationSaying,
      options: { topic?: string; source?: string } = {},
    ): Promise<NotificationRow[]> {
      return storeAndDeliver(
        userIds.map((userId) => ({ userId, topic: options.topic ?? null })),
        saying,
        options.source ?? null,
      );
    },

    /** Provider staff notify users by e-mail (unknown ones ignored) and/or every subscriber of a topic. */
    async send(sender: UserRow, request: SendNotificationRequest): Promise<number> {
      if (!isProviderStaff(sender)) throw new AppError('forbidden');
      const emails = [...new Set(request.emails.map((email) => email.trim().toLowerCase()))];
      const topic = request.topic ? topicName(request.topic) : null;
      const subscribers = topic ? await notificationsRepo.topicSubscribers(topic) : [];
      const addressed = await usersRepo.idsByEmails(emails);
      const stored = await storeAndDeliver(
        [...subscribers.map((userId) => ({ userId, topic })), ...addressed.map((userId) => ({ userId, topic: null }))],
        request.message,
      );
      return stored.length;
    },

    async list(user: UserRow, query: NotificationListQuery) {
      const offset = (query.page - 1) * query.pageSize;
      const { rows, total } = await notificationsRepo.pageOf(user.id, {
        onlyUnread: query.onlyUnread,
        limit: query.pageSize,
        offset,
      });
      return { rows, totalElements: total, hasNext: offset + rows.length < total };
    },

    async unreadCount(user: UserRow): Promise<number> {
      return notificationsRepo.countUnread(user.id);
    },

    async markRead(user: UserRow, id: string): Promise<NotificationRow> {
      const notification = await notificationsRepo.markRead(user.id, id, now());
      if (!notification) throw new AppError('not_found');
      return notification;
    },

    async markAllRead(user: UserRow): Promise<number> {
      return notificationsRepo.markAllRead(user.id, now());
    },

    async delete(user: UserRow, id: string): Promise<number> {
      const deleted = await notificationsRepo.deleteOwn(user.id, id);
      if (deleted === 0) throw new AppError('not_found');
      return deleted;
    },

    async deleteAll(user: UserRow): Promise<number> {
      return notificationsRepo.deleteOwn(user.id);
    },

    async details(user: UserRow, id: string) {
      const notification = await ownNotification(user, id);
      return { notification, deliveries: await notificationsRepo.deliveryCountsOf(notification.id) };
    },

    async deliveries(user: UserRow, id: string) {
      const notification = await ownNotification(user, id);
      return notificationsRepo.deliveriesOf(notification.id);
    },

    async subscribeToTopic(user: UserRow, topic: { a: string; b: string }): Promise<void> {
      await notificationsRepo.subscribeToTopic(user.id, topicName(topic), now());
    },

    async unsubscribeFromTopic(user: UserRow, topic: { a: string; b: string }): Promise<void> {
      await notificationsRepo.unsubscribeFromTopic(user.id, topicName(topic));
    },

    async storePushSubscription(user: UserRow, token: string, subscription: PushSubscriptionBody): Promise<void> {
      if (!allowPrivateEndpoints && !isPublicPushEndpoint(subscription.endpoint)) {
        throw new AppError('validation.failed', {}, { endpoint: 'validation.push_endpoint' });
      }
      await notificationsRepo.storeSubscription(
        {
          userId: user.id,
          token,
          endpoint: subscription.endpoint,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          expirationTime: subscription.expirationTime ?? null,
        },
        now(),
      );
    },

    async deletePushSubscription(user: UserRow, token: string): Promise<void> {
      if ((await notificationsRepo.deleteSubscription(user.id, token)) === 0) throw new AppError('not_found');
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
