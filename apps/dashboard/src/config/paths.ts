/**
 * The route registry: every path of the dashboard (spec section 2) and an href builder per
 * route. Components build links through it, never by hand, so a path changes in one place.
 */

/** Fills `:name` segments of a pattern; values are URL-encoded. */
export function fillPath(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/:([A-Za-z][\w-]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${pattern}`);
    return encodeURIComponent(value);
  });
}

const withQuery = (path: string, query?: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, value);
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

export const paths = {
  home: { path: '/', href: () => '/' },
  auth: {
    login: { path: '/auth/login', href: () => '/auth/login' },
    register: { path: '/auth/register', href: () => '/auth/register' },
  },
  onboarding: {
    verifyEmail: { path: '/onboarding/verify-email', href: () => '/onboarding/verify-email' },
    createTenant: { path: '/onboarding/create-tenant', href: () => '/onboarding/create-tenant' },
    getStarted: {
      path: '/onboarding/get-started',
      href: (tenant?: string) => withQuery('/onboarding/get-started', { tenant }),
    },
    invites: { path: '/onboarding/invites', href: () => '/onboarding/invites' },
  },
  organization: {
    path: '/organizations/:organization',
    href: (organization: string) => fillPath('/organizations/:organization', { organization }),
  },
  /** Legacy tenant-less entry point; `/` redirects here. */
  legacyRuns: { path: '/workflow-runs', href: () => '/workflow-runs' },
  oauth: {
    google: '/api/v1/users/google/start',
    github: '/api/v1/users/github/start',
  },
} as const;

/** A screen under /tenants/{tenant}. `path` is relative to the tenant root. */
export interface TenantScreen {
  path: string;
  /** Page heading and document title. */
  title: string;
  /** What the screen will show; used by the "not in this build yet" state. */
  summary: string;
}

/** Every tenant-scoped screen, in the spec's order. */
export const TENANT_SCREENS = [
  {
    path: 'events',
    title: 'Events',
    summary: 'Events pushed to this tenant and the runs they triggered.',
  },
  {
    path: 'filters',
    title: 'Filters',
    summary: 'Filters that decide which events trigger which workflows.',
  },
  {
    path: 'webhooks',
    title: 'Webhooks',
    summary: 'Incoming webhooks that turn requests from other services into events.',
  },
  {
    path: 'rate-limits',
    title: 'Rate Limits',
    summary: 'Rate limit keys, their limits and current usage.',
  },
  {
    path: 'scheduled',
    title: 'Scheduled Runs',
    summary: 'Runs scheduled to start at a given time.',
  },
  {
    path: 'cron-jobs',
    title: 'Cron Jobs',
    summary: 'Cron triggers, their schedules and the workflows they start.',
  },
  {
    path: 'workflows',
    title: 'Workflows',
    summary: 'Workflows your workers have registered, with their versions.',
  },
  {
    path: 'workflows/:workflow',
    title: 'Workflow',
    summary: "A workflow's definition, versions, triggers and runs.",
  },
  {
    path: 'runs',
    title: 'Runs',
    summary: 'Workflow and task runs with their status, timing, input and output.',
  },
  {
    path: 'runs/:run',
    title: 'Run Detail',
    summary: "A run's tasks, graph, timeline, logs and events.",
  },
  {
    path: 'workers',
    title: 'Workers',
    summary: 'Workers connected to this tenant, their status and slots.',
  },
  {
    path: 'workers/webhook',
    title: 'Webhook Workers',
    summary: 'Workers that receive tasks over HTTP webhooks.',
  },
  {
    path: 'workers/:worker',
    title: 'Worker Detail',
    summary: "A worker's actions, slots, labels and the tasks it ran.",
  },
  {
    path: 'managed-workers',
    title: 'Managed Workers',
    summary: 'Managed compute runs workers for you; it belongs to the cloud edition.',
  },
  {
    path: 'managed-workers/demo-template',
    title: 'Demo Template',
    summary: 'A ready-made managed worker to try managed compute.',
  },
  {
    path: 'managed-workers/create',
    title: 'Create Managed Worker',
    summary: 'Set up a managed worker from a repository.',
  },
  {
    path: 'managed-workers/:managedWorker',
    title: 'Managed Worker Detail',
    summary: "A managed worker's instances, builds, logs and metrics.",
  },
  {
    path: 'tenant-settings/overview',
    title: 'Overview',
    summary: "The tenant's name, engine version and analytics settings.",
  },
  {
    path: 'tenant-settings/api-tokens',
    title: 'API Tokens',
    summary: 'Tokens that workers and clients use to connect to this tenant.',
  },
  {
    path: 'tenant-settings/github',
    title: 'GitHub',
    summary: 'GitHub app installations linked to this tenant.',
  },
  {
    path: 'tenant-settings/members',
    title: 'Members',
    summary: 'Members of this tenant, their roles and pending invites.',
  },
  {
    path: 'tenant-settings/alerting',
    title: 'Alerting',
    summary: 'Where failure and limit alerts are sent: email groups and Slack.',
  },
  {
    path: 'tenant-settings/billing-and-limits',
    title: 'Resource Limits',
    summary: 'Resource limits of this tenant and how much of each is used.',
  },
  {
    path: 'tenant-settings/ingestors',
    title: 'Ingestors',
    summary: 'SNS integrations that turn notifications into events.',
  },
  {
    path: 'onboarding/get-started',
    title: 'Get Started',
    summary: 'A guided setup: start a worker and trigger your first workflow.',
  },
] as const satisfies readonly TenantScreen[];

export type TenantScreenPath = (typeof TENANT_SCREENS)[number]['path'];

/** Redirects under /tenants/{tenant} (spec section 2), relative to the tenant root. */
export const TENANT_REDIRECTS = [
  { from: '', to: 'runs' },
  { from: 'workflow-runs', to: 'runs' },
  { from: 'workflow-runs/:run', to: 'runs/:run' },
  { from: 'task-runs/:run', to: 'runs/:run' },
  { from: 'tasks', to: 'workflows' },
  { from: 'tasks/:workflow', to: 'workflows/:workflow' },
  { from: 'workers/all', to: 'workers' },
  { from: 'tenant-settings', to: 'tenant-settings/overview' },
] as const;

/**
 * Legacy tenant-less pages and the tenant screen each one shows. They resolve a tenant
 * (the `tenant` query parameter, the last used tenant, else the first membership) and
 * redirect to /tenants/{tenant}/{to}.
 */
export const LEGACY_PAGES = [
  { path: '/events', to: 'events' },
  { path: '/rate-limits', to: 'rate-limits' },
  { path: '/scheduled', to: 'scheduled' },
  { path: '/cron-jobs', to: 'cron-jobs' },
  { path: '/workflows', to: 'workflows' },
  { path: '/workflows/:workflow', to: 'workflows/:workflow' },
  { path: '/workflow-runs', to: 'runs' },
  { path: '/workflow-runs/:run', to: 'runs/:run' },
  { path: '/workers/all', to: 'workers' },
  { path: '/workers/webhook', to: 'workers/webhook' },
  { path: '/workers/:worker', to: 'workers/:worker' },
  { path: '/managed-workers', to: 'managed-workers' },
  { path: '/managed-workers/demo-template', to: 'managed-workers/demo-template' },
  { path: '/managed-workers/create', to: 'managed-workers/create' },
  { path: '/managed-workers/:managedWorker', to: 'managed-workers/:managedWorker' },
  { path: '/tenant-settings/overview', to: 'tenant-settings/overview' },
  { path: '/tenant-settings/api-tokens', to: 'tenant-settings/api-tokens' },
  { path: '/tenant-settings/github', to: 'tenant-settings/github' },
  { path: '/tenant-settings/members', to: 'tenant-settings/members' },
  { path: '/tenant-settings/alerting', to: 'tenant-settings/alerting' },
  { path: '/tenant-settings/billing-and-limits', to: 'tenant-settings/billing-and-limits' },
  { path: '/tenant-settings/ingestors', to: 'tenant-settings/ingestors' },
] as const;

/** Redirects between legacy pages (spec: /workers redirects to /workers/all). */
export const LEGACY_REDIRECTS = [{ from: '/workers', to: '/workers/all' }] as const;

/** `/tenants/{tenant}` plus a screen path, e.g. `tenantHref(t, 'runs/:run', { run })`. */
export function tenantHref(
  tenant: string,
  screen: TenantScreenPath | '' = '',
  params: Record<string, string> = {},
): string {
  const base = fillPath('/tenants/:tenant', { tenant });
  return screen === '' ? base : `${base}/${fillPath(screen, params)}`;
}

/** The screen a signed-in user lands on in a tenant. */
export function tenantHomeHref(tenant: string): string {
  return tenantHref(tenant, 'runs');
}

/**
 * Splits a pathname under /tenants/{tenant} into the tenant and the rest
 * (`/tenants/abc/runs/1` -> `{ tenant: 'abc', rest: 'runs/1' }`); undefined elsewhere.
 */
export function splitTenantPath(pathname: string): { tenant: string; rest: string } | undefined {
  const match = /^\/tenants\/([^/]+)\/?(.*)$/.exec(pathname);
  if (!match) return undefined;
  return { tenant: decodeURIComponent(match[1] ?? ''), rest: (match[2] ?? '').replace(/\/+$/, '') };
}

/** Does a relative tenant path match a pattern such as `runs/:run`? */
export function matchScreen(pattern: string, rest: string): Record<string, string> | undefined {
  const patternParts = pattern.split('/');
  const parts = rest.split('/');
  if (patternParts.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i += 1) {
    const expected = patternParts[i] ?? '';
    const actual = parts[i] ?? '';
    if (expected.startsWith(':')) {
      if (actual === '') return undefined;
      params[expected.slice(1)] = decodeURIComponent(actual);
    } else if (expected !== actual) {
      return undefined;
    }
  }
  return params;
}

/** The screen a tenant-relative path shows; static paths win over `:param` ones. */
export function findTenantScreen(rest: string): TenantScreen | undefined {
  const screens: readonly TenantScreen[] = TENANT_SCREENS;
  return (
    screens.find((screen) => !screen.path.includes(':') && screen.path === rest) ??
    screens.find((screen) => matchScreen(screen.path, rest) !== undefined)
  );
}

/**
 * Where to go in another tenant from the current path: the same screen, minus any ids (a
 * run of one tenant does not exist in another). `runs/abc` -> `runs`; unknown -> `runs`.
 */
export function sameScreenInTenant(pathname: string, tenant: string): string {
  const current = splitTenantPath(pathname);
  const rest = current?.rest ?? '';
  const screen = findTenantScreen(rest);
  if (!screen) return tenantHomeHref(tenant);
  const staticPrefix = screen.path.split('/:')[0] as TenantScreenPath;
  return tenantHref(tenant, staticPrefix);
}
