/**
 * The route tree (spec section 2). Every screen module is loaded lazily; the guards that
 * decide redirects are not, so they run while a screen's code downloads.
 *
 * A route module exports its screen as `default` and may export `clientLoader(queryClient)`.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect } from 'react-router';
import type { LoaderFunction, RouteObject } from 'react-router';
import { RouteErrorScreen } from '@/components/layout/error-screen';
import { LEGACY_PAGES, LEGACY_REDIRECTS, TENANT_REDIRECTS, TENANT_SCREENS } from '@/config/paths';
import type { TenantScreenPath } from '@/config/paths';
import {
  authenticatedLoader,
  invitesPageLoader,
  legacyPageLoader,
  legacyRedirectLoader,
  rootRedirectLoader,
  signedInLoader,
  signedOutOnlyLoader,
  tenantRedirectLoader,
  verifyEmailLoader,
} from './guards';
import { InitialLoading, RootLayout } from './root-layout';

interface RouteModule {
  default: ComponentType;
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
}

/** The route objects, for the browser router here and memory routers in tests. */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  const load = (importer: () => Promise<RouteModule>) => async () => {
    const module = await importer();
    return module.clientLoader
      ? { Component: module.default, loader: module.clientLoader(queryClient) }
      : { Component: module.default };
  };
  const upcomingScreen = load(() => import('./routes/tenant/upcoming-screen'));
  // Screens built so far; every other tenant screen shows the "not in this build" state.
  const tenantScreenModules: Partial<Record<TenantScreenPath, () => Promise<RouteModule>>> = {
    'tenant-settings/overview': () => import('./routes/tenant/settings/overview'),
    'tenant-settings/api-tokens': () => import('./routes/tenant/settings/api-tokens'),
    'tenant-settings/members': () => import('./routes/tenant/settings/members'),
    'tenant-settings/ingestors': () => import('./routes/tenant/settings/ingestors'),
    'tenant-settings/alerting': () => import('./routes/tenant/settings/alerting'),
    'tenant-settings/github': () => import('./routes/tenant/settings/github'),
    'tenant-settings/billing-and-limits': () =>
      import('./routes/tenant/settings/billing-and-limits'),
    'onboarding/get-started': () => import('./routes/tenant/get-started'),
    runs: () => import('./routes/tenant/runs'),
    'runs/:run': () => import('./routes/tenant/run-detail'),
    workflows: () => import('./routes/tenant/workflows'),
    'workflows/:workflow': () => import('./routes/tenant/workflow-detail'),
    workers: () => import('./routes/tenant/workers'),
    'workers/:worker': () => import('./routes/tenant/worker-detail'),
    'workers/webhook': () => import('./routes/tenant/webhook-workers'),
    events: () => import('./routes/tenant/events'),
    filters: () => import('./routes/tenant/filters'),
    webhooks: () => import('./routes/tenant/webhooks'),
    'rate-limits': () => import('./routes/tenant/rate-limits'),
    scheduled: () => import('./routes/tenant/scheduled'),
    'cron-jobs': () => import('./routes/tenant/cron-jobs'),
  };

  const tenantRoutes: RouteObject[] = [
    ...TENANT_REDIRECTS.map(({ from, to }): RouteObject =>
      from === ''
        ? { index: true, loader: tenantRedirectLoader(to) }
        : { path: from, loader: tenantRedirectLoader(to) },
    ),
    ...TENANT_SCREENS.map((screen): RouteObject => {
      const module = tenantScreenModules[screen.path];
      return {
        path: screen.path,
        handle: { screen },
        lazy: module ? load(module) : upcomingScreen,
      };
    }),
  ];

  const routes: RouteObject[] = [
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RouteErrorScreen,
      HydrateFallback: InitialLoading,
      children: [
        {
          path: 'auth',
          loader: signedOutOnlyLoader(queryClient),
          lazy: load(() => import('./routes/auth/auth-layout')),
          children: [
            { path: 'login', lazy: load(() => import('./routes/auth/login')) },
            { path: 'register', lazy: load(() => import('./routes/auth/register')) },
          ],
        },
        {
          path: 'onboarding/verify-email',
          loader: verifyEmailLoader(queryClient),
          lazy: load(() => import('./routes/onboarding/verify-email')),
        },
        {
          path: 'organizations/:organization',
          loader: signedInLoader(queryClient),
          lazy: load(() => import('./routes/organization')),
        },
        { path: 'v1/*', loader: () => redirect('/') },
        {
          id: 'authenticated',
          loader: authenticatedLoader(queryClient),
          lazy: load(() => import('./routes/authenticated-layout')),
          children: [
            { index: true, loader: rootRedirectLoader(queryClient) },
            {
              path: 'onboarding/create-tenant',
              lazy: load(() => import('./routes/onboarding/create-tenant')),
            },
            {
              path: 'onboarding/get-started',
              lazy: load(() => import('./routes/onboarding/get-started')),
            },
            {
              path: 'onboarding/invites',
              loader: invitesPageLoader(queryClient),
              lazy: load(() => import('./routes/onboarding/invites')),
            },
            ...LEGACY_REDIRECTS.map(({ from, to }): RouteObject => ({
              path: from.slice(1),
              loader: legacyRedirectLoader(queryClient, to),
            })),
            ...LEGACY_PAGES.map(({ path, to }): RouteObject => ({
              path: path.slice(1),
              loader: legacyPageLoader(queryClient, to),
            })),
            {
              path: 'tenants/:tenant',
              lazy: load(() => import('./routes/tenant/tenant-layout')),
              children: tenantRoutes,
            },
          ],
        },
      ],
    },
  ];

  return routes;
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createAppRoutes(queryClient));
}
