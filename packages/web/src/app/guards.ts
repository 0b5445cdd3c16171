import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunction, redirect, replace } from 'react-router';
import { hasSession } from '@/api/session';
import type { SnackbarStore } from '@/components/snackbars/snackbar-store';
import { startSessionWithToken } from '@/features/auth/api/sign-in-with-token';
import { loadGlobalKeys } from '@/features/keys/api/get-public-key';
import { changeLanguage, i18n } from '@/i18n';
import { storedLanguage } from '@/i18n/language';
import { errorMessage } from '@/lib/error-message';
import { loginPathFor } from '@/lib/redirect-target';
import type { RouteAccess } from './route-table';

/** The query parameter of a sign-in link (SPEC section 2). */
export const BEARER_TOKEN_PARAM = 'BearerToken';

export interface GuardDeps {
  queryClient: QueryClient;
  snackbars?: SnackbarStore;
}

/** The path, query and hash of `url` without the `BearerToken` parameter. */
export function withoutBearerToken(url: URL): string {
  const search = new URLSearchParams(url.search);
  search.delete(BEARER_TOKEN_PARAM);
  const query = search.toString();
  return `${url.pathname}${query ? `?${query}` : ''}${url.hash}`;
}

/**
 * Builds the loaders of the route table. On every route a `BearerToken` parameter is exchanged for a session first
 * and removed from the address bar (a history replace, before the page renders); a token that fails shows why and the
 * route goes on as without it. Then the route's access rule applies.
 */
export function createGuards({ queryClient, snackbars }: GuardDeps) {
  // One exchange per token, even if the loader runs again while the first is under way.
  const exchanges = new Map<string, Promise<void>>();
  const exchange = (token: string) => {
    let pending = exchanges.get(token);
    if (!pending) {
      pending = startSessionWithToken(queryClient, token).then(
        ({ user }) => {
          if (!storedLanguage()) void changeLanguage(user.profile.language);
        },
        (error: unknown) => {
          snackbars?.show(errorMessage(i18n.t, error), 'error');
        },
      );
      exchanges.set(token, pending);
    }
    return pending;
  };

  return (access: RouteAccess): LoaderFunction =>
    async ({ request }) => {
      const url = new URL(request.url);
      const token = url.searchParams.get(BEARER_TOKEN_PARAM);
      if (token !== null) {
        if (token) await exchange(token);
        throw replace(withoutBearerToken(url));
      }
      if (access === 'required' && !hasSession()) {
        throw redirect(loginPathFor(`${url.pathname}${url.search}${url.hash}`));
      }
      if (access !== 'public') await loadGlobalKeys(queryClient);
      return null;
    };
}
