import type { TFunction } from 'i18next';
import { isApiError, NETWORK_ERROR } from '@/api/client';

/** What to tell the user about a failed call: the server's localised message, or a connection or generic one. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (isApiError(error)) return error.code === NETWORK_ERROR ? t('errors.connection') : error.message;
  return t('server.error');
}
