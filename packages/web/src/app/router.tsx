import { Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { paths } from '@/config/paths';
import { loadShellTexts } from '@/i18n';
import { loadScreenPart } from '@/lib/lazy-load';
import { createGuards, type GuardDeps } from './guards';
import { RouteError } from './route-error';
import { type AppRoute, type RouteHandle, routeTable } from './route-table';
import { NotAvailablePage } from './routes/not-available';

/** Builds the router's routes from the one route table; each path and alias of an entry becomes a route. */
export function createRoutes(deps: GuardDeps, table: readonly AppRoute[] = routeTable): RouteObject[] {
  const guard = createGuards(deps);
  const toRouteObjects = (route: AppRoute): RouteObject[] =>
    [route.path, ...(route.aliases ?? [])].map((path) => {
      const { screen } = route;
      return {
        id: path === route.path ? route.name : `${route.name} ${path}`,
        path,
        handle: { route } satisfies RouteHandle,
        loader: guard(route.access),
        errorElement: <RouteError inShell={route.frame === 'shell'} />,
        ...(screen ? { lazy: () => loadScreenPart(screen) } : { Component: NotAvailablePage }),
      };
    });

  return [
    {
      errorElement: <RouteError />,
      HydrateFallback: PageLoading,
      children: [
        ...table.filter((route) => route.frame === 'card').flatMap(toRouteObjects),
        {
          // The shell (app bar, business tree, alarms, notifications) and the texts of the screens load with the first
          // page inside it, so the sign-in pages carry none of them.
          lazy: () =>
            loadScreenPart(() =>
              Promise.all([import('./layout/app-layout'), loadShellTexts()]).then(([m]) => ({
                Component: m.AppLayout,
              })),
            ),
          children: table.filter((route) => route.frame === 'shell').flatMap(toRouteObjects),
        },
        { path: '*', element: <Navigate to={paths.home} replace /> },
      ],
    },
  ];
}
