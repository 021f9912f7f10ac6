/**
 * The Resource Limits screen (tenant-settings/billing-and-limits) on a server of this file's own
 * that enforces small limits: each resource with its use, limit, alarm value, window and last
 * refill, and the indicator dot's level (events spent, incoming webhooks at their alarm value,
 * the rest fine). On the shared server, which enforces none, the screen says so. Takes
 * screenshots in both themes and at 375 px into /tmp/limits-shots.
 */
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TenantResourcePolicy } from '@trellis/api-contract';
import { seedOwner, type SeededUser } from './support/api';
import type { ApiSession } from './support/api';
import { seriousViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const SHOTS = '/tmp/limits-shots';
/** A fresh page loads its route's chunk and first queries: a wait for behaviour, not timing. */
const FIRST_DATA_TIMEOUT_MS = 15_000;

let browser: Browser;
let server: RunningServer;
let owner: SeededUser & { tenant: { metadata: { id: string } } };
const pages: Page[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
  server = await startServer({
    TRELLIS_RESOURCE_LIMITS: 'on',
    TRELLIS_RESOURCE_LIMIT_EVENT: '5',
    TRELLIS_RESOURCE_LIMIT_INCOMING_WEBHOOK: '2',
  });
  owner = await seedOwner(server.baseUrl, 'Limits Tenant');
  const tenantId = owner.tenant.metadata.id;
  for (let i = 0; i < 5; i++) {
    await owner.api.request('POST', `/api/v1/tenants/${tenantId}/events`, {
      body: { key: 'limits:e2e', data: { i } },
    });
  }
  await owner.api.request('POST', `/api/v1/stable/tenants/${tenantId}/webhooks`, {
    body: {
      name: 'limits-e2e',
      sourceName: 'GENERIC',
      eventKeyExpression: "'hook'",
      authType: 'API_KEY',
      auth: { headerName: 'x-api-key', apiKey: 'limits-e2e-key' },
    },
  });
});

afterAll(async () => {
  await Promise.all(pages.map((page) => page.context().close()));
  await browser?.close();
  await server?.stop();
});

async function open(
  baseUrl: string,
  session: ApiSession,
  options: { theme?: 'light' | 'dark'; width?: number } = {},
) {
  const { page } = await openPage(browser, baseUrl, {
    session,
    viewport: { width: options.width ?? 1440, height: 900 },
  });
  await page.addInitScript(
    (value) => localStorage.setItem('vite-ui-theme', value),
    options.theme ?? 'dark',
  );
  pages.push(page);
  return page;
}

const limitsPath = (tenantId: string) => `/tenants/${tenantId}/tenant-settings/billing-and-limits`;

describe('resource limits', () => {
  it('shows each limit with its use, its window and how close it is', async () => {
    const tenantId = owner.tenant.metadata.id;
    const page = await open(server.baseUrl, owner.api);
    await page.goto(limitsPath(tenantId));
    await page.getByRole('heading', { level: 1, name: 'Resource Limits' }).waitFor();
    const table = page.getByRole('table', { name: 'Resource limits' });
    const row = (resource: string) => table.locator(`[data-resource-limit-row="${resource}"]`);
    await row('EVENT').waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });

    // Each row: the dot's meaning (read out, not shown) and the name, then the values.
    const cells = async (resource: string) =>
      (await row(resource).getByRole('cell').allTextContents()).map((text) => text.trim());
    expect(await cells('EVENT')).toEqual([
      'Limit reached: Events',
      '5',
      '5',
      '4',
      'Daily',
      expect.stringMatching(/ ago$|^Now$/),
    ]);
    expect(await cells('CRON')).toEqual([
      'Within its limit: Cron Triggers',
      '0',
      '1,000',
      '800',
      'N/A',
      'N/A',
    ]);
    expect(await cells('INCOMING_WEBHOOK')).toEqual([
      'At or past its alarm value: Incoming Webhooks',
      '1',
      '2',
      '1',
      'N/A',
      'N/A',
    ]);
    expect(await table.locator('tbody tr td:first-child .font-medium').allInnerTexts()).toEqual([
      'Total Workers',
      'Concurrency Slots',
      'Events',
      'Task Runs',
      'Cron Triggers',
      'Schedule Triggers',
      'Incoming Webhooks',
    ]);

    // The dot: red at the limit, yellow from the alarm value, green otherwise; its meaning is
    // read out to screen readers.
    expect(await row('EVENT').getAttribute('data-level')).toBe('exhausted');
    expect(await row('INCOMING_WEBHOOK').getAttribute('data-level')).toBe('alarm');
    expect(await row('WORKER').getAttribute('data-level')).toBe('fine');
    expect(await row('EVENT').locator('.bg-red-500').count()).toBe(1);
    expect(await row('INCOMING_WEBHOOK').locator('.bg-yellow-500').count()).toBe(1);

    // The sidebar names the screen as this edition has it.
    await page.getByRole('link', { name: 'Resource Limits' }).first().waitFor();

    // What the table shows is what the API answers.
    const policy = await owner.api.request<TenantResourcePolicy>(
      'GET',
      `/api/v1/tenants/${tenantId}/resource-policy`,
    );
    expect(policy.limits.find((limit) => limit.resource === 'EVENT')?.value).toBe(5);
  });

  it('looks right in both themes and on a phone', async () => {
    const tenantId = owner.tenant.metadata.id;
    for (const theme of ['dark', 'light'] as const) {
      for (const width of [1440, 375]) {
        const page = await open(server.baseUrl, owner.api, { theme, width });
        await page.goto(limitsPath(tenantId));
        await page
          .locator('[data-resource-limit-row="EVENT"]')
          .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
        await page.screenshot({ path: `${SHOTS}/resource-limits-${theme}-${width}.png` });
        // Nothing is wider than a phone's screen.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        ).toBe(true);
        expect(await seriousViolations(page), `${theme} ${width}`).toEqual([]);
      }
    }
  });
});

describe('on a server that enforces no limits', () => {
  it('says that no limits are enforced', async () => {
    const baseUrl = inject('baseUrl');
    const free = await seedOwner(baseUrl, 'Unlimited Tenant');
    const page = await open(baseUrl, free.api);
    await page.goto(limitsPath(free.tenant.metadata.id));
    await page
      .getByRole('table', { name: 'Resource limits' })
      .getByText('No resource limits', { exact: true })
      .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await page.screenshot({ path: `${SHOTS}/resource-limits-none-dark.png` });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
