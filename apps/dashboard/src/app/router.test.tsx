// @vitest-environment jsdom
/**
 * Routing rules of spec section 2, run through the real route tree in a memory router.
 * Server answers are seeded into the query cache. The network is switched off except for
 * GET /users/current, which the sign-in page always asks the server (never the cache).
 */
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '@/features/auth/api/get-current-user';
import { userInvitesQueryKey } from '@/features/invites/api/get-user-invites';
import { membershipsQueryKey } from '@/features/tenants/api/get-memberships';
import type { TenantInvite, TenantMember, User } from '@/types/api';
import { AppProvider } from './provider';
import { createAppRoutes } from './router';

const meta = (id: string) => ({
  id,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
});
const user: User = {
  metadata: meta('u1'),
  name: 'Ada',
  email: 'ada@example.com',
  emailVerified: true,
};
const member = (id: string, role: TenantMember['role'] = 'OWNER'): TenantMember => ({
  metadata: meta(`m-${id}`),
  user: { email: user.email },
  role,
  tenant: { metadata: meta(id), name: `Tenant ${id}`, slug: id, version: 'V1' },
});
const invite: TenantInvite = {
  metadata: meta('i1'),
  email: user.email,
  role: 'MEMBER',
  tenantId: 't3',
  tenantName: 'Tenant t3',
  expires: '2099-01-01T00:00:00Z',
};

interface Seed {
  user?: User | 'signed-out';
  memberships?: TenantMember[];
  invites?: TenantInvite[];
}

function renderAt(path: string, seed: Seed = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  const currentUser = seed.user ?? user;
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    if (!String(input).endsWith('/api/v1/users/current')) {
      return Promise.reject(new TypeError('network is off in tests'));
    }
    return Promise.resolve(
      currentUser === 'signed-out'
        ? Response.json({ message: 'Please provide valid credentials' }, { status: 403 })
        : Response.json(currentUser),
    );
  });
  if (currentUser !== 'signed-out') queryClient.setQueryData(currentUserQueryKey, currentUser);
  queryClient.setQueryData(membershipsQueryKey, {
    rows: seed.memberships ?? [member('t1'), member('t2')],
  });
  queryClient.setQueryData(userInvitesQueryKey, { rows: seed.invites ?? [] });
  const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: [path] });
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const SETTLE_TIMEOUT_MS = 15_000;

/**
 * Waits for the redirects to end at `expected`. The first test to reach a screen also waits for
 * its lazy chunk to be transformed, which took over 3 s on a busy CI machine: the wait is
 * generous, as a wait for behaviour rather than a timing check.
 */
async function settlesAt(router: ReturnType<typeof renderAt>, expected: string) {
  await waitFor(
    () => {
      const { pathname, search } = router.state.location;
      expect(`${pathname}${search}`).toBe(expected);
      expect(router.state.navigation.state).toBe('idle');
    },
    { timeout: SETTLE_TIMEOUT_MS },
  );
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('root and legacy routes', { timeout: 3 * SETTLE_TIMEOUT_MS }, () => {
  it('sends / through /workflow-runs to the first tenant runs page', async () => {
    const router = renderAt('/');
    await settlesAt(router, '/tenants/t1/runs');
    expect(await screen.findByRole('heading', { name: 'Runs', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Runs' })).toBeTruthy();
  });

  it('prefers the tenant query parameter, then the last used tenant', async () => {
    localStorage.setItem('lastTenant', 't2');
    await settlesAt(renderAt('/workflow-runs'), '/tenants/t2/runs');
    cleanup();
    await settlesAt(renderAt('/events?tenant=t1&x=1'), '/tenants/t1/events?x=1');
  });

  it('keeps ids of legacy detail pages', async () => {
    await settlesAt(renderAt('/workflow-runs/r-9?tenant=t2'), '/tenants/t2/runs/r-9');
  });

  it('sends /workers to /workers/all and on to the tenant workers list', async () => {
    await settlesAt(renderAt('/workers?tenant=t1'), '/tenants/t1/workers');
  });

  it('maps legacy settings pages', async () => {
    await settlesAt(
      renderAt('/tenant-settings/api-tokens?tenant=t1'),
      '/tenants/t1/tenant-settings/api-tokens',
    );
  });

  it('redirects /v1/* to the root', async () => {
    await settlesAt(renderAt('/v1/tenants/abc/runs'), '/tenants/t1/runs');
  });
});

describe('tenant redirects', () => {
  it.each([
    ['/tenants/t1', '/tenants/t1/runs'],
    ['/tenants/t1/workflow-runs', '/tenants/t1/runs'],
    ['/tenants/t1/workflow-runs/r1', '/tenants/t1/runs/r1'],
    ['/tenants/t1/task-runs/r1?tab=logs', '/tenants/t1/runs/r1?tab=logs'],
    ['/tenants/t1/tasks', '/tenants/t1/workflows'],
    ['/tenants/t1/tasks/w1', '/tenants/t1/workflows/w1'],
    ['/tenants/t1/workers/all', '/tenants/t1/workers'],
    ['/tenants/t1/tenant-settings', '/tenants/t1/tenant-settings/overview'],
  ])('%s -> %s', async (from, to) => {
    await settlesAt(renderAt(from), to);
  });
});

describe('signed-in gate', () => {
  it('sends signed-out visitors to sign in', async () => {
    await settlesAt(renderAt('/tenants/t1/runs', { user: 'signed-out' }), '/auth/login');
  });

  it('sends unverified users to verify their email', async () => {
    const router = renderAt('/tenants/t1/runs', { user: { ...user, emailVerified: false } });
    await settlesAt(router, '/onboarding/verify-email');
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
  });

  it('sends users with pending invites to the invites page', async () => {
    const router = renderAt('/', { invites: [invite] });
    await settlesAt(router, '/onboarding/invites');
    expect(await screen.findByRole('heading', { name: 'Join Tenant t3' })).toBeTruthy();
  });

  it('sends users without a tenant to create one', async () => {
    const router = renderAt('/tenants/t1/events', { memberships: [] });
    await settlesAt(router, '/onboarding/create-tenant');
    expect(await screen.findByRole('heading', { name: 'Create a tenant' })).toBeTruthy();
  });

  it('sends signed-in users away from the sign-in page', async () => {
    await settlesAt(renderAt('/auth/login'), '/tenants/t1/runs');
  });
});

describe('error screen', () => {
  it('shows 404 for a path no route matches', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(screen.getByText('Page Not Found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Return to Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('returns to / from the 404 screen', async () => {
    const router = renderAt('/no/such/page');
    (await screen.findByRole('button', { name: 'Return to Dashboard' })).click();
    await settlesAt(router, '/tenants/t1/runs');
  });
});

describe('tenant settings screens', () => {
  it('tells members and viewers that members and tokens need admin rights', async () => {
    const memberships = [member('t1', 'MEMBER'), member('t2', 'VIEWER')];
    renderAt('/tenants/t1/tenant-settings/members', { memberships });
    expect(await screen.findByRole('heading', { name: 'Members and Invites' })).toBeTruthy();
    expect(screen.getByText('You need admin rights')).toBeTruthy();
    expect(screen.getByText('Member')).toBeTruthy();
    cleanup();
    renderAt('/tenants/t2/tenant-settings/api-tokens', { memberships });
    expect(await screen.findByRole('heading', { name: 'API Tokens' })).toBeTruthy();
    expect(screen.getByText('You need admin rights')).toBeTruthy();
    expect(screen.getByText('Viewer')).toBeTruthy();
  });

  it('shows the lists to owners, with an error row when the server cannot be reached', async () => {
    renderAt('/tenants/t1/tenant-settings/api-tokens');
    expect(
      await screen.findByText(/Could not load API tokens: Network Error/, {}, { timeout: 8000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows the quickstart in the tenant frame', async () => {
    renderAt('/tenants/t1/onboarding/get-started');
    expect(await screen.findByRole('heading', { name: 'Get Started', level: 1 })).toBeTruthy();
    expect(screen.getByText('npm install @hatchet-dev/typescript-sdk')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Create API token/ })).toBeTruthy();
  });
});
