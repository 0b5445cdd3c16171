import type { Notification, NotificationDelivery } from '@iot/shared';
import type { DeliveryRow, NotificationRow } from './repo.js';

const isoTime = (epochMs: number) => new Date(epochMs).toISOString();

export function presentNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    read: row.readAt !== null,
    createdAt: isoTime(row.createdAt),
    message: { title: row.title, body: row.body },
    topic: row.topic,
  };
}

export function presentDelivery(row: DeliveryRow): NotificationDelivery {
  return {
    channel: row.channel,
    endpointHost: row.endpointHost,
    status: row.status,
    statusCode: row.statusCode,
    error: row.error,
    attemptedAt: isoTime(row.attemptedAt),
  };
}
