import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import '@/i18n';
import { onSessionExpired } from '@/api/client';
import { PUBLIC_PATHS } from '@/config/paths';
import { loginPathFor } from '@/lib/redirect-target';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './router';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

// SPEC section 8: a lost session on any page but the public ones leads to sign-in, and back here afterwards.
onSessionExpired(() => {
  const { pathname, search } = router.state.location;
  if (PUBLIC_PATHS.includes(pathname)) return;
  void router.navigate(loginPathFor(`${pathname}${search}`), { replace: true }).then(() => queryClient.clear());
});

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
