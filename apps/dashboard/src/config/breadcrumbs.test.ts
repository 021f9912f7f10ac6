import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs } from './breadcrumbs';

describe('buildBreadcrumbs', () => {
  it('is empty outside tenant pages', () => {
    expect(buildBreadcrumbs('/onboarding/create-tenant')).toEqual([]);
    expect(buildBreadcrumbs('/auth/login')).toEqual([]);
  });

  it('starts with Home linking to the runs list', () => {
    expect(buildBreadcrumbs('/tenants/t1/runs')).toEqual([
      { label: 'Home', href: '/tenants/t1/runs' },
      { label: 'Runs', href: undefined },
    ]);
  });

  it('shows ids raw and links to parents', () => {
    expect(buildBreadcrumbs('/tenants/t1/runs/0b6c-42')).toEqual([
      { label: 'Home', href: '/tenants/t1/runs' },
      { label: 'Runs', href: '/tenants/t1/runs' },
      { label: '0b6c-42', href: undefined },
    ]);
  });

  it('title-cases segments without a label', () => {
    expect(buildBreadcrumbs('/tenants/t1/tenant-settings/api-tokens')).toEqual([
      { label: 'Home', href: '/tenants/t1/runs' },
      { label: 'Tenant Settings', href: '/tenants/t1/tenant-settings' },
      { label: 'API Tokens', href: undefined },
    ]);
  });

  it('does not link segments that no route answers', () => {
    expect(buildBreadcrumbs('/tenants/t1/onboarding/get-started')).toEqual([
      { label: 'Home', href: '/tenants/t1/runs' },
      { label: 'Onboarding', href: undefined },
      { label: 'Get Started', href: undefined },
    ]);
  });

  it('labels webhook workers as a static screen, not an id', () => {
    expect(buildBreadcrumbs('/tenants/t1/workers/webhook').at(-1)).toEqual({
      label: 'Webhook Workers',
      href: undefined,
    });
  });
});
