/**
 * The tenant sidebar: groups and items in the order of the reference dashboard
 * (shared/reference/dashboard-screens.md 2.2). Managed compute is a cloud-edition screen and
 * is not listed; its routes still exist.
 */
import {
  Activity,
  CalendarDays,
  Clock,
  Funnel,
  LayoutGrid,
  Play,
  Scale,
  Server,
  Settings,
  Webhook,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { TenantScreenPath } from './paths';

export interface NavChild {
  label: string;
  to: TenantScreenPath;
}

export interface NavItem {
  label: string;
  to: TenantScreenPath;
  icon: LucideIcon;
  /** Shown, and the parent expanded, while the path is under `prefix`. */
  children?: NavChild[];
  prefix?: string;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

export const TENANT_NAVIGATION: NavGroup[] = [
  {
    label: 'Activity',
    items: [
      { label: 'Runs', to: 'runs', icon: Play },
      { label: 'Events', to: 'events', icon: Activity },
    ],
  },
  {
    label: 'Triggers',
    items: [
      { label: 'Scheduled Runs', to: 'scheduled', icon: CalendarDays },
      { label: 'Cron Jobs', to: 'cron-jobs', icon: Clock },
    ],
  },
  {
    label: 'Resources',
    items: [
      { label: 'Workflows', to: 'workflows', icon: LayoutGrid },
      {
        label: 'Workers',
        to: 'workers',
        icon: Server,
        prefix: 'workers',
        children: [
          { label: 'All Workers', to: 'workers' },
          { label: 'Webhook Workers', to: 'workers/webhook' },
        ],
      },
      { label: 'Webhooks', to: 'webhooks', icon: Webhook },
      { label: 'Rate Limits', to: 'rate-limits', icon: Scale },
      { label: 'Filters', to: 'filters', icon: Funnel },
    ],
  },
  {
    label: 'Settings',
    items: [
      {
        label: 'General',
        to: 'tenant-settings/overview',
        icon: Settings,
        prefix: 'tenant-settings',
        children: [
          { label: 'Overview', to: 'tenant-settings/overview' },
          { label: 'API Tokens', to: 'tenant-settings/api-tokens' },
          { label: 'GitHub', to: 'tenant-settings/github' },
          { label: 'Members', to: 'tenant-settings/members' },
          { label: 'Resource Limits', to: 'tenant-settings/billing-and-limits' },
          { label: 'Alerting', to: 'tenant-settings/alerting' },
          { label: 'Ingestors', to: 'tenant-settings/ingestors' },
          { label: 'Quickstart', to: 'onboarding/get-started' },
        ],
      },
    ],
  },
];
