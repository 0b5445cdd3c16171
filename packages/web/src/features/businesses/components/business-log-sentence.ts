import { BUSINESS_LOG_ACTIONS, BUSINESS_ROLES, type BusinessLog, type BusinessLogAction } from '@iot/shared';
import type { TFunction } from 'i18next';
import { formatLocale } from '@/i18n';

const CONFIG_FIELDS = ['theme', 'logo', 'viewPermissions', 'actions'] as const;

/**
 * One entry of a business's activity log as a sentence in the reader's language ("Renamed the level from “A” to
 * “B”."), its subject being the Who column. A level's id reads as its name when the reader can reach that level.
 */
export function businessLogSentence(
  t: TFunction,
  language: string,
  log: Pick<BusinessLog, 'action' | 'details'>,
  nameOf: (id: string) => string | undefined,
): string {
  const { details } = log;
  const text = (name: string) => (typeof details[name] === 'string' ? (details[name] as string) : '');
  const number = (name: string) => (typeof details[name] === 'number' ? (details[name] as number) : 0);
  const quoted = (name: string) => t('businesses.log.quoted', { name, interpolation: { escapeValue: false } });
  const level = (name: string) => {
    const id = details[name];
    if (id === null) return t('businesses.log.noParent');
    const found = typeof id === 'string' ? nameOf(id) : undefined;
    return found === undefined ? t('businesses.log.hiddenLevel') : quoted(found);
  };
  const role = (name: string) => {
    const value = text(name);
    return (BUSINESS_ROLES as readonly string[]).includes(value)
      ? t(`businesses.role.${value as (typeof BUSINESS_ROLES)[number]}`)
      : value;
  };
  const values = (() => {
    switch (log.action) {
      case 'created':
      case 'child_added':
      case 'child_deleted':
        return { name: quoted(text('description')) };
      case 'renamed':
        return { from: quoted(text('from')), to: quoted(text('to')) };
      case 'moved':
        return { from: level('fromParentId'), to: level('toParentId') };
      case 'user_added':
      case 'user_removed':
        return { email: text('email'), role: role('role') };
      case 'user_role_changed':
        return { email: text('email'), from: role('from'), to: role('to') };
      case 'config_changed':
        return { what: changedParts(t, language, details) };
      case 'asset_created':
        return { name: quoted(text('description')), type: quoted(text('assetType')) };
      case 'asset_updated':
      case 'asset_deleted':
        return { name: quoted(text('description')) };
      case 'asset_linked':
      case 'asset_unlinked':
        return { name: quoted(text('description')), device: quoted(text('device')) };
      case 'assets_imported':
        return { count: number('count'), type: quoted(text('assetType')) };
      case 'assets_moved':
        return { count: number('count'), to: level('toBusinessId') };
      case 'place_created':
      case 'place_updated':
      case 'place_deleted':
      case 'place_group_created':
      case 'place_group_updated':
      case 'place_group_deleted':
      case 'usage_license_created':
      case 'usage_license_updated':
      case 'usage_license_deleted':
      case 'contract_created':
      case 'contract_updated':
      case 'contract_deleted':
        return { name: quoted(text('name')) };
      case 'journey_created':
        return { name: quoted(text('description')), device: quoted(text('device')) };
      case 'journey_changed':
        return { name: quoted(text('description')), transition: text('transition') };
      default:
        return {};
    }
  })();
  if (!(BUSINESS_LOG_ACTIONS as readonly string[]).includes(log.action)) {
    // An action the server learnt after this build: its code and raw details, rather than nothing.
    return [log.action, ...Object.entries(details).map(([key, value]) => `${key}: ${JSON.stringify(value)}`)].join(
      ', ',
    );
  }
  return t(`businesses.log.${log.action as BusinessLogAction}`, {
    ...values,
    interpolation: { escapeValue: false },
  });
}

/** What a configuration change touched, as a list in the reader's language ("the colours and the logo"). */
function changedParts(t: TFunction, language: string, details: Record<string, unknown>): string {
  const fields = details.section === 'actions' ? ['actions'] : Array.isArray(details.fields) ? details.fields : [];
  const parts = [
    ...new Set(
      fields.map((field) =>
        (CONFIG_FIELDS as readonly unknown[]).includes(field)
          ? t(`businesses.log.field.${field as (typeof CONFIG_FIELDS)[number]}`)
          : t('businesses.log.field.other'),
      ),
    ),
  ];
  if (parts.length === 0) parts.push(t('businesses.log.field.other'));
  return new Intl.ListFormat(formatLocale(language), { type: 'conjunction' }).format(parts);
}
