import { createBrowserRouter, createHashRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import '@/i18n';
import { onSessionExpired } from '@/api/client';
import { CookieBanner } from '@/components/cookie-banner';
import { createSnackbarStore } from '@/components/snackbars/snackbar-store';
import { NewVersionPrompt } from '@/features/version/components/new-version-prompt';
import { loginPathFor } from '@/lib/redirect-target';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { routeOfHandle } from './route-table';
import { createRoutes } from './router';

const snackbars = createSnackbarStore();
const queryClient = createQueryClient({ snackbars });
const routes = createRoutes({ queryClient, snackbars });
// SPEC section 2: history mode; hash mode for the mobile-wrapper build (`HASH_ROUTER=true`).
const router = import.meta.env.HASH_ROUTER ? createHashRouter(routes) : createBrowserRouter(routes);

// SPEC section 8: a lost session on any page but sign-in, sign-up, e-mail confirmation and free view leads to
// sign-in, and back here afterwards.
onSessionExpired(() => {
  const { location, matches } = router.state;
  if (routeOfHandle(matches.at(-1)?.route.handle)?.staysOnLostSession) return;
  void router
    .navigate(loginPathFor(`${location.pathname}${location.search}`), { replace: true })
    .then(() => queryClient.clear());
});

export function App() {
  return (
    <AppProviders queryClient={queryClient} snackbars={snackbars}>
      <RouterProvider router={router} />
      <NewVersionPrompt />
      <CookieBanner />
    </AppProviders>
  );
}
