import type { TFunction } from 'i18next';
import { isApiError } from '@/api/client';
import { snackbarErrorMessage } from '@/lib/error-message';

/**
 * The text of a refused architecture change: the spec's conflict message for a stale version, the server's own
 * localised reason for a rule it refused (a signal locked by someone else, a name taken, a bad CSV line), otherwise
 * the usual message of the status (SPEC section 8).
 */
export function actionErrorText(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.code === 'conflict') return t('conflict');
  if (isApiError(error) && [400, 409, 422].includes(error.status) && error.message) return error.message;
  return snackbarErrorMessage(t, error) ?? t('server.error');
}

/** What a failed save leaves on the form: the server's localised field errors, or one message over the form. */
export interface SaveFailure {
  fields: Record<string, string>;
  /** Shown over the form; a conflict asks to cancel and edit again, so the input stays for the user to copy. */
  text: string | null;
  conflict: boolean;
}

export function saveFailureOf(t: TFunction, error: unknown): SaveFailure {
  if (isApiError(error, 400) && Object.keys(error.fields).length > 0)
    return { fields: error.fields, text: null, conflict: false };
  return { fields: {}, text: actionErrorText(t, error), conflict: isApiError(error) && error.code === 'conflict' };
}
