import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from '@/api/client';
import { createSnackbarStore } from '@/components/snackbars/snackbar-store';
import { changeLanguage } from '@/i18n';
import { createQueryClient, errorSnackbarText } from './query-client';

beforeEach(async () => {
  await changeLanguage('en');
});

const failure = (status: number, code = 'x', message = 'Server text.') => new ApiError(status, code, message);

describe('errorSnackbarText (SPEC section 8)', () => {
  it.each([
    [
      new ApiError(0, NETWORK_ERROR, ''),
      'There seem to be connection problems. Please check your network or reload the page.',
    ],
    [failure(403, 'forbidden'), 'Access denied.'],
    [failure(404, 'not_found', 'whatever'), 'Resource not found.'],
    [failure(409, 'conflict'), expect.stringMatching(/^Conflict detected - Saving failed\./)],
    [failure(500, 'server.error', 'boom'), 'An error has occurred.'],
    [failure(502), 'An error has occurred.'],
    [failure(422, 'business.hasDevices', 'The level has devices.'), 'The level has devices.'],
    [new Error('a bug'), 'An error has occurred.'],
  ])('reports %s', (error, text) => {
    expect(errorSnackbarText(error, undefined)).toEqual(text);
  });

  it('leaves a 401 to the lost-session handling', () => {
    expect(errorSnackbarText(failure(401, 'auth.required'), undefined)).toBeUndefined();
  });

  it('follows the interface language', async () => {
    await changeLanguage('pt');
    expect(errorSnackbarText(failure(403), undefined)).toBe('Acesso negado.');
  });

  it('lets a query or mutation opt out, entirely or for the statuses it shows itself', () => {
    expect(errorSnackbarText(failure(404), { errorSnackbar: false })).toBeUndefined();
    expect(errorSnackbarText(failure(409), { handledStatuses: [400, 409] })).toBeUndefined();
    expect(errorSnackbarText(failure(403), { handledStatuses: [400, 409] })).toBe('Access denied.');
  });
});

describe('createQueryClient', () => {
  it('reports failed queries and mutations as error snackbars, in one place', async () => {
    const snackbars = createSnackbarStore();
    const client = createQueryClient({ snackbars });
    await client
      .fetchQuery({ queryKey: ['q'], queryFn: () => Promise.reject(failure(404)), retry: false })
      .catch(() => undefined);
    expect(snackbars.current()).toMatchObject({ text: 'Resource not found.', severity: 'error', durationMs: 10_000 });

    const silent = createSnackbarStore();
    const quiet = createQueryClient({ snackbars: silent });
    await quiet
      .fetchQuery({
        queryKey: ['q'],
        queryFn: () => Promise.reject(failure(404)),
        retry: false,
        meta: { errorSnackbar: false },
      })
      .catch(() => undefined);
    expect(silent.current()).toBeUndefined();

    const mutation = quiet.getMutationCache().build(quiet, { mutationFn: () => Promise.reject(failure(403)) });
    await mutation.execute(undefined).catch(() => undefined);
    expect(silent.current()).toMatchObject({ text: 'Access denied.' });
  });
});
