import type { TFunction } from 'i18next';
import { isApiError, NETWORK_ERROR } from '@/api/client';

/** What to tell the user about a failed call: the server's localised message, or a connection or generic one. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (isApiError(error)) return error.code === NETWORK_ERROR ? t('errors.connection') : error.message;
  return t('server.error');
}

/**
 * The snackbar text of a failed call (SPEC section 8): no answer → connection problems; 403 "Access denied.";
 * 404 "Resource not found."; 409 the conflict message; a refused request (400, 422, 429) the server's own localised
 * reason; anything else "An error has occurred.". A 401 has none: the lost session is handled apart.
 */
export function snackbarErrorMessage(t: TFunction, error: unknown): string | undefined {
  if (!isApiError(error)) return t('server.error');
  if (error.code === NETWORK_ERROR) return t('errors.connection');
  switch (error.status) {
    case 401:
      return undefined;
    case 403:
      return error.code === 'csrf.failed' ? error.message : t('forbidden');
    case 404:
      return t('not_found');
    case 409:
      return t('conflict');
    case 400:
    case 422:
    case 429:
      return error.message || t('server.error');
    default:
      return t('server.error');
  }
}
