import { type Notification, type NotificationMessage, notificationText, resolveLanguage } from '@iot/shared';
import type { TFunction } from 'i18next';
import { signalName } from '@/i18n/codec-names';

/**
 * A notification's title and body in the interface language: a coded one is worded here (its signal named as the
 * interface names signals), so it follows a language switch; free text stays as it was sent.
 */
export function notificationMessage(t: TFunction, language: string, notification: Notification): NotificationMessage {
  const { params } = notification;
  const signal = params.signalKey ? signalName(t, params.signalKey, params.signal ?? params.signalKey) : params.signal;
  return notificationText(
    { ...notification, params: signal === undefined ? params : { ...params, signal } },
    resolveLanguage(language),
  );
}
