/**
 * The rate limits screen against the real server, its limits declared by the SDK's
 * `hatchet.ratelimits.upsert` (e2e/fixtures/flow-control-worker): listed by key with their
 * use and window, searched by key in the URL, deleted after confirming; a viewer is offered
 * no Delete; a tenant without limits says how workers declare them.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { RateLimitList } from '@trellis/api-contract';
import { seedUser } from './support/api';
import { waitForPath } from './support/browser';
import { runFixture } from './support/sdk';
import { useTenantFixture } from './support/tenant-fixture';

const prefix = `rl${Date.now().toString(36)}`;
const tenant = useTenantFixture({ tenantName: 'Rate Limits Tenant' });

/** A fresh page loads its route's chunk and first queries: a wait for behaviour, not timing. */
const FIRST_DATA_TIMEOUT_MS = 15_000;

const LIMITS = [
  { key: `${prefix}-api`, limit: 10, duration: 'MINUTE' },
  { key: `${prefix}-db`, limit: 5, duration: 'SECOND' },
  { key: `${prefix}-email`, limit: 100, duration: 'DAY' },
];

beforeAll(async () => {
  const token = await tenant.owner.api.createApiToken(tenant.tenantId, 'e2e rate limits');
  const sdk = {
    baseUrl: tenant.baseUrl,
    grpcAddress: inject('grpcAddress'),
    token,
    prefix,
    fixture: 'flow-control-worker' as const,
  };
  const declared = await runFixture(sdk, ['ratelimits', JSON.stringify(LIMITS)]);
  expect(JSON.parse(declared)).toEqual(LIMITS.map((limit) => limit.key));
});

const listedKeys = async () =>
  (
    await tenant.owner.api.request<RateLimitList>(
      'GET',
      `/api/v1/tenants/${tenant.tenantId}/rate-limits`,
    )
  ).rows.map((row) => row.key);

describe('rate limits', () => {
  it('lists the declared limits by key, searches them in the URL and deletes one', async () => {
    const page = await tenant.page();
    await page.goto(`/tenants/${tenant.tenantId}/rate-limits`);
    const table = page.getByRole('table', { name: 'Rate limits' });
    const rows = table.locator('[data-rate-limit-row]');
    await expect.poll(() => rows.count(), { timeout: FIRST_DATA_TIMEOUT_MS }).toBe(LIMITS.length);
    // Ordered by key; nothing used yet, so each has its whole limit left.
    expect(await rows.evaluateAll((found) => found.map((row) => row.dataset.rateLimitRow))).toEqual(
      LIMITS.map((limit) => limit.key),
    );
    const api = table.locator(`[data-rate-limit-row="${prefix}-api"]`);
    expect(
      (await api.getByRole('cell').allTextContents()).map((text) => text.trim()).slice(1, 4),
    ).toEqual(['10', '10', '0%']);
    expect(await api.getByRole('cell').nth(5).textContent()).toBe('Minute');
    expect(await table.locator(`[data-rate-limit-row="${prefix}-email"]`).textContent()).toContain(
      'Day',
    );

    await page.getByLabel('Search rate limits by key').fill('EMAIL');
    await waitForPath(page, /rate-limits-rate-limits-table=/);
    await expect.poll(() => rows.count()).toBe(1);
    expect(
      JSON.parse(new URL(page.url()).searchParams.get('rate-limits-rate-limits-table') ?? '{}'),
    ).toEqual({ s: 'EMAIL' });
    await page.reload();
    expect(await page.getByLabel('Search rate limits by key').inputValue()).toBe('EMAIL');
    await table.locator(`[data-rate-limit-row="${prefix}-email"]`).waitFor({
      timeout: FIRST_DATA_TIMEOUT_MS,
    });
    await page.getByLabel('Search rate limits by key').fill('no-such-key');
    await table.getByText('No rate limits match "no-such-key"').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => rows.count()).toBe(LIMITS.length);

    await table.getByRole('button', { name: `Actions for ${prefix}-db` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete rate limit' });
    expect(await confirm.textContent()).toContain(`${prefix}-db`);
    await confirm.getByRole('button', { name: 'Delete rate limit' }).click();
    await page.getByText('Rate limit deleted', { exact: true }).waitFor();
    await expect.poll(() => rows.count()).toBe(LIMITS.length - 1);
    expect(await listedKeys()).not.toContain(`${prefix}-db`);
  });

  it('offers a viewer no Delete', async () => {
    const viewer = await seedUser(tenant.baseUrl, 'viewer');
    const invite = await tenant.owner.api.createInvite(tenant.tenantId, viewer.email, 'VIEWER');
    await viewer.api.acceptInvite(invite.metadata.id);
    const page = await tenant.page(viewer);
    await page.goto(`/tenants/${tenant.tenantId}/rate-limits`);
    const table = page.getByRole('table', { name: 'Rate limits' });
    await table
      .getByRole('button', { name: `Actions for ${prefix}-api` })
      .click({ timeout: FIRST_DATA_TIMEOUT_MS });
    await page.getByRole('menuitem', { name: 'Copy key' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
  });

  it('says how workers declare them when there are none', async () => {
    const other = await seedUser(tenant.baseUrl, 'empty');
    const empty = await other.api.createTenant('No Limits Tenant');
    const page = await tenant.page(other);
    await page.goto(`/tenants/${empty.metadata.id}/rate-limits`);
    await page.getByText('No rate limits', { exact: true }).waitFor({
      timeout: FIRST_DATA_TIMEOUT_MS,
    });
    await page.getByText('hatchet.ratelimits.upsert').waitFor();
  });
});
