import {
  type Language,
  type Notification,
  type NotificationContent,
  type NotificationDelivery,
  notificationText,
} from '@iot/shared';
import type { DeliveryRow, NotificationRow } from './repo.js';

const isoTime = (epochMs: number) => new Date(epochMs).toISOString();

/** What a stored notification says: its code and parameters, or its free text. */
export function contentOf(row: NotificationRow): NotificationContent {
  return {
    code: row.code,
    params: row.params === null ? {} : (JSON.parse(row.params) as Record<string, string>),
    message: { title: row.title, body: row.body },
  };
}

/** A notification as the API answers it, its message worded in `language`. */
export function presentNotification(row: NotificationRow, language: Language): Notification {
  const content = contentOf(row);
  return {
    _id: row.id,
    read: row.readAt !== null,
    createdAt: isoTime(row.createdAt),
    message: notificationText(content, language),
    code: content.code,
    params: content.params,
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
