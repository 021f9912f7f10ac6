/**
 * Route loaders that decide where a visitor may be, before any screen renders. They are
 * small and imported eagerly, so they run while the screen's own code is still loading.
 *
 * Child loaders call `requireSession` themselves before redirecting elsewhere: the router
 * runs parent and child loaders in parallel and follows the deepest redirect, so each
 * redirect must already respect the parent's rules.
 */
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { currentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { userInvitesQueryOptions } from '@/features/invites/api/get-user-invites';
import { membershipsQueryOptions } from '@/features/tenants/api/get-memberships';
import { readLastTenant, resolveTenantId } from '@/features/tenants/utils/tenant-resolution';
import { fillPath, paths, tenantHref } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import type { TenantMember, User } from '@/types/api';

export interface Session {
  user: User;
  memberships: TenantMember[];
}

/** Loads the current user, or throws a redirect to sign-in on 401/403. */
async function loadUser(queryClient: QueryClient): Promise<User> {
  try {
    return await queryClient.ensureQueryData(currentUserQueryOptions());
  } catch (error) {
    if (error instanceof ApiError && error.isUnauthenticated) {
      throw redirect(paths.auth.login.href());
    }
    throw error;
  }
}

/**
 * The signed-in wrapper's rules, in order: no session -> /auth/login; email not verified ->
 * /onboarding/verify-email; pending invites -> /onboarding/invites; no tenant and not
 * onboarding -> /onboarding/create-tenant.
 */
export async function requireSession(queryClient: QueryClient, url: URL): Promise<Session> {
  const user = await loadUser(queryClient);
  if (!user.emailVerified) throw redirect(paths.onboarding.verifyEmail.href());
  const [invites, memberships] = await Promise.all([
    queryClient.ensureQueryData(userInvitesQueryOptions()),
    queryClient.ensureQueryData(membershipsQueryOptions()),
  ]);
  const invitesPath = paths.onboarding.invites.path;
  if (invites.rows.length > 0 && url.pathname !== invitesPath) throw redirect(invitesPath);
  if (memberships.rows.length === 0 && !url.pathname.startsWith('/onboarding')) {
    throw redirect(paths.onboarding.createTenant.href());
  }
  return { user, memberships: memberships.rows };
}

export const authenticatedLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await requireSession(queryClient, new URL(request.url));
    return null;
  };

/** /auth/*: a visitor who is already signed in goes to the dashboard. */
export const signedOutOnlyLoader = (queryClient: QueryClient) => async () => {
  try {
    // Always ask the server: a cached user may belong to a session that has ended.
    await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 });
  } catch {
    // 401/403 means signed out, the expected case. Any other failure (server down) also
    // shows the form, which reports the problem when it is used.
    return null;
  }
  throw redirect(paths.home.href());
};

/**
 * /onboarding/verify-email: for signed-in users whose email is not verified, and for anyone
 * following a mailed link (`?token=`), which works without a session.
 */
export const verifyEmailLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    if (new URL(request.url).searchParams.has('token')) return null;
    const user = await loadUser(queryClient);
    if (user.emailVerified) throw redirect(paths.home.href());
    return null;
  };

/** Pages that only need a session (the organization page). */
export const signedInLoader = (queryClient: QueryClient) => async () => {
  await loadUser(queryClient);
  return null;
};

/** `/` -> /workflow-runs, keeping the query string. */
export const rootRedirectLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    await requireSession(queryClient, url);
    throw redirect(`${paths.legacyRuns.href()}${url.search}`);
  };

/** A legacy-to-legacy redirect (/workers -> /workers/all), keeping the query string. */
export const legacyRedirectLoader =
  (queryClient: QueryClient, to: string) =>
  async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    await requireSession(queryClient, url);
    throw redirect(`${to}${url.search}`);
  };

/**
 * A legacy tenant-less page: resolve the tenant (the `tenant` query parameter, the last
 * used tenant, the first membership) and show the same screen under /tenants/{tenant},
 * keeping the rest of the query string and any ids of the path.
 */
export const legacyPageLoader =
  (queryClient: QueryClient, screen: string) =>
  async ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const { memberships } = await requireSession(queryClient, url);
    const tenant = resolveTenantId({
      queryTenant: url.searchParams.get('tenant'),
      lastTenant: readLastTenant(),
      memberships,
    });
    if (!tenant) throw redirect(paths.onboarding.createTenant.href());
    url.searchParams.delete('tenant');
    const search = url.searchParams.toString();
    const target = `${tenantHref(tenant)}/${fillPath(screen, definedParams(params))}`;
    throw redirect(`${target}${search ? `?${search}` : ''}${url.hash}`);
  };

/** A redirect inside /tenants/{tenant} (spec table), keeping ids and the query string. */
export const tenantRedirectLoader =
  (to: string) =>
  ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const all = definedParams(params);
    const target = `${tenantHref(all.tenant ?? '')}/${fillPath(to, all)}`;
    throw redirect(`${target}${url.search}`);
  };

/** /onboarding/invites with nothing pending goes to the dashboard. */
export const invitesPageLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await requireSession(queryClient, new URL(request.url));
    const invites = await queryClient.ensureQueryData(userInvitesQueryOptions());
    if (invites.rows.length === 0) throw redirect(paths.home.href());
    return null;
  };

function definedParams(params: LoaderFunctionArgs['params']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
