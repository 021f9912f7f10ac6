import { describe, expect, it } from 'vitest';
import {
  TENANT_SCREENS,
  fillPath,
  findTenantScreen,
  matchScreen,
  paths,
  sameScreenInTenant,
  splitTenantPath,
  tenantHref,
} from './paths';

describe('route registry', () => {
  it('lists every tenant-scoped screen of the spec', () => {
    expect(TENANT_SCREENS.map((screen) => screen.path)).toEqual([
      'events',
      'filters',
      'webhooks',
      'rate-limits',
      'scheduled',
      'cron-jobs',
      'workflows',
      'workflows/:workflow',
      'runs',
      'runs/:run',
      'workers',
      'workers/webhook',
      'workers/:worker',
      'managed-workers',
      'managed-workers/demo-template',
      'managed-workers/create',
      'managed-workers/:managedWorker',
      'tenant-settings/overview',
      'tenant-settings/api-tokens',
      'tenant-settings/github',
      'tenant-settings/members',
      'tenant-settings/alerting',
      'tenant-settings/billing-and-limits',
      'tenant-settings/ingestors',
      'onboarding/get-started',
    ]);
  });

  it('builds hrefs', () => {
    expect(tenantHref('t1', 'runs')).toBe('/tenants/t1/runs');
    expect(tenantHref('t1', 'runs/:run', { run: 'r 1' })).toBe('/tenants/t1/runs/r%201');
    expect(tenantHref('t1')).toBe('/tenants/t1');
    expect(paths.organization.href('o1')).toBe('/organizations/o1');
    expect(paths.onboarding.getStarted.href('t1')).toBe('/onboarding/get-started?tenant=t1');
    expect(() => fillPath('/x/:id')).toThrow(/id/);
  });
});

describe('tenant path helpers', () => {
  it('splits tenant paths', () => {
    expect(splitTenantPath('/tenants/abc/runs/1')).toEqual({ tenant: 'abc', rest: 'runs/1' });
    expect(splitTenantPath('/tenants/abc')).toEqual({ tenant: 'abc', rest: '' });
    expect(splitTenantPath('/tenants/abc/')).toEqual({ tenant: 'abc', rest: '' });
    expect(splitTenantPath('/workflow-runs')).toBeUndefined();
  });

  it('matches patterns and prefers static screens', () => {
    expect(matchScreen('runs/:run', 'runs/42')).toEqual({ run: '42' });
    expect(matchScreen('runs/:run', 'runs')).toBeUndefined();
    expect(findTenantScreen('workers/webhook')?.title).toBe('Webhook Workers');
    expect(findTenantScreen('workers/w-1')?.title).toBe('Worker Detail');
    expect(findTenantScreen('nope')).toBeUndefined();
  });

  it('keeps the screen but drops ids when switching tenant', () => {
    expect(sameScreenInTenant('/tenants/a/runs/123', 'b')).toBe('/tenants/b/runs');
    expect(sameScreenInTenant('/tenants/a/tenant-settings/members', 'b')).toBe(
      '/tenants/b/tenant-settings/members',
    );
    expect(sameScreenInTenant('/tenants/a/unknown', 'b')).toBe('/tenants/b/runs');
    expect(sameScreenInTenant('/onboarding/create-tenant', 'b')).toBe('/tenants/b/runs');
  });
});
