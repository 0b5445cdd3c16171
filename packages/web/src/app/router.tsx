import { type LoaderFunctionArgs, Navigate, type RouteObject, redirect } from 'react-router';
import { hasSession } from '@/api/session';
import { PageLoading } from '@/components/page-loading';
import { paths } from '@/config/paths';
import { loginPathFor } from '@/lib/redirect-target';
import { RouteError } from './route-error';

/** Pages that need a signed-in user: without a session, to the sign-in page and back here afterwards. */
function requireLogin({ request }: LoaderFunctionArgs) {
  if (hasSession()) return null;
  const url = new URL(request.url);
  throw redirect(loginPathFor(`${url.pathname}${url.search}`));
}

const loginPage = () => import('@/features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage }));
const confirmEmailPage = () =>
  import('@/features/auth/pages/confirm-email-page').then((m) => ({ Component: m.ConfirmEmailPage }));

/** The one route table (SPEC section 2). Pages load on first visit. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [
      { path: paths.login, lazy: loginPage },
      { path: paths.resetPassword, lazy: loginPage },
      {
        path: paths.signUp,
        lazy: () => import('@/features/auth/pages/sign-up-page').then((m) => ({ Component: m.SignUpPage })),
      },
      { path: paths.emailConfirmation, lazy: confirmEmailPage },
      { path: paths.confirmEmail, lazy: confirmEmailPage },
      {
        path: paths.home,
        loader: requireLogin,
        lazy: () => import('./routes/home').then((m) => ({ Component: m.HomePage })),
      },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];
