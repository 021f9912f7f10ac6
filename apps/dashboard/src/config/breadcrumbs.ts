/**
 * Breadcrumbs for tenant pages: "Home" (the runs list), then one crumb per path segment.
 * Labels follow the reference dashboard; id segments show the raw id; other segments are
 * title-cased ("tenant-settings" -> "Tenant Settings"). A crumb links only where a route
 * exists; the last crumb never links.
 */
import {
  TENANT_REDIRECTS,
  TENANT_SCREENS,
  matchScreen,
  splitTenantPath,
  tenantHref,
} from './paths';

const SEGMENT_LABELS: Record<string, string> = {
  events: 'Events',
  filters: 'Filters',
  webhooks: 'Webhooks',
  'rate-limits': 'Rate Limits',
  scheduled: 'Scheduled Runs',
  'cron-jobs': 'Cron Jobs',
  workflows: 'Workflows',
  runs: 'Runs',
  workers: 'Workers',
  all: 'All Workers',
  webhook: 'Webhook Workers',
  'managed-workers': 'Managed Workers',
  create: 'Create',
  'demo-template': 'Demo Template',
  overview: 'Overview',
  'api-tokens': 'API Tokens',
  github: 'GitHub',
  members: 'Members',
  alerting: 'Alerting',
  'billing-and-limits': 'Resource Limits',
  ingestors: 'Ingestors',
  'get-started': 'Get Started',
};

export interface Crumb {
  label: string;
  /** Undefined for the current page and for segments no route answers. */
  href?: string;
}

const ROUTE_PATTERNS: string[] = [
  ...TENANT_SCREENS.map((screen) => screen.path),
  ...TENANT_REDIRECTS.map((redirect) => redirect.from).filter((from) => from !== ''),
];

function titleCase(segment: string): string {
  return segment
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function buildBreadcrumbs(pathname: string): Crumb[] {
  const current = splitTenantPath(pathname);
  if (!current) return [];
  const { tenant, rest } = current;
  const crumbs: Crumb[] = [{ label: 'Home', href: tenantHref(tenant, 'runs') }];
  if (rest === '') return crumbs;

  const segments = rest.split('/');
  segments.forEach((segment, index) => {
    const partial = segments.slice(0, index + 1).join('/');
    const staticMatch = ROUTE_PATTERNS.find((pattern) => pattern === partial);
    const paramMatch = staticMatch
      ? undefined
      : ROUTE_PATTERNS.find((pattern) => matchScreen(pattern, partial) !== undefined);
    const isId = paramMatch?.split('/').at(-1)?.startsWith(':') ?? false;
    const decoded = safeDecode(segment);
    const label = isId ? decoded : (SEGMENT_LABELS[segment] ?? titleCase(decoded));
    const isLast = index === segments.length - 1;
    const routable = staticMatch !== undefined || paramMatch !== undefined;
    crumbs.push({
      label,
      href: !isLast && routable ? `${tenantHref(tenant)}/${partial}` : undefined,
    });
  });
  return crumbs;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
