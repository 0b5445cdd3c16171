import type { ContractLog } from '@iot/shared';
import type { TFunction } from 'i18next';
import { dayFormat } from './dates';

/** Ids that mean nothing to a reader (the device and contract ids, the name already in the page). */
const UNSHOWN = new Set(['deviceId', 'fromContractId', 'name']);

const asDate = (value: string | number | boolean) =>
  typeof value === 'boolean' ? null : new Date(typeof value === 'number' ? value : Date.parse(value));

/** What a log row adds to its event, in words: the channel, an over-usage or refund, a purchase's tokens and expiry. */
export function logDetailsText(t: TFunction, language: string, details: ContractLog['details']): string {
  const days = dayFormat(language);
  const parts: string[] = [];
  for (const [key, value] of Object.entries(details)) {
    if (UNSHOWN.has(key)) continue;
    const date = asDate(value);
    if (key === 'channel' && typeof value === 'string') parts.push(t(`contracts.channel.${value}`, value));
    else if (key === 'overUsage') {
      if (value === true) parts.push(t('contracts.log.overUsage'));
    } else if (key === 'refund') {
      if (value === true) parts.push(t('contracts.log.refund'));
    } else if (key === 'tokens' && typeof value === 'number') {
      if (value > 0) parts.push(t('contracts.log.tokens', { count: value }));
    } else if (key === 'expiresAt')
      parts.push(
        value === 'never' || !date || Number.isNaN(date.getTime())
          ? t('contracts.neverExpires')
          : t('contracts.expiresOn', { date: days.format(date) }),
      );
    else if (key === 'tokenPeriodStart' && date && !Number.isNaN(date.getTime()))
      parts.push(t('contracts.log.periodFrom', { date: days.format(date) }));
    else parts.push(`${key}: ${String(value)}`);
  }
  return parts.join(' · ');
}
