/**
 * Local preferences and shared behaviour (spec sections 3, 4 and 9): theme, sidebar,
 * auto-refresh, time zone and toasts, in a real browser against the real server.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ScheduledWorkflows } from '@trellis/api-contract';
import type { SeededUser } from './support/api';
import { seedOwner } from './support/api';
import { launchBrowser, openPage, waitForPath } from './support/browser';
import { useTenantFixture } from './support/tenant-fixture';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;
let owner: SeededUser & { tenant: { metadata: { id: string } } };
let tenantId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await seedOwner(baseUrl, 'Preferences Tenant');
  tenantId = owner.tenant.metadata.id;
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await page?.context().close();
});

const htmlClass = () => page.evaluate(() => document.documentElement.className);
const stored = (key: string) => page.evaluate((name) => localStorage.getItem(name), key);

describe('theme', () => {
  it('defaults to dark, toggles, and keeps the choice across reloads', async () => {
    ({ page } = await openPage(browser, baseUrl, { session: owner.api, colorScheme: 'light' }));
    await page.goto(`/tenants/${tenantId}/runs`);
    await page.getByRole('heading', { name: 'Runs', level: 1 }).waitFor();
    expect(await htmlClass()).toBe('dark');
    expect(await stored('vite-ui-theme')).toBeNull();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Toggle theme' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('light'));
    expect(await stored('vite-ui-theme')).toBe('light');

    await page.reload();
    await page.getByRole('heading', { name: 'Runs', level: 1 }).waitFor();
    expect(await htmlClass()).toBe('light');

    // System follows the operating system's preference, live.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    expect(await stored('vite-ui-theme')).toBe('system');
    expect(await htmlClass()).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.className === 'dark');
    await page.reload();
    await page.getByRole('heading', { name: 'Runs', level: 1 }).waitFor();
    expect(await htmlClass()).toBe('dark');
  });
});

describe('sidebar', () => {
  const sidebar = () => page.getByRole('complementary', { name: 'Sidebar' });
  const toggle = () => page.getByRole('button', { name: 'Toggle sidebar' });

  it('keeps its state on wide screens and is forced closed below 768 px', async () => {
    ({ page } = await openPage(browser, baseUrl, {
      session: owner.api,
      viewport: { width: 1280, height: 800 },
    }));
    await page.goto(`/tenants/${tenantId}/tenant-settings/overview`);
    await sidebar().waitFor();

    // Closed by the user: stays closed while moving around the app.
    await toggle().click();
    await sidebar().waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Trellis home' }).click();
    await waitForPath(page, `/tenants/${tenantId}/runs`);
    expect(await sidebar().count()).toBe(0);

    // Below 768 px and back: the wide state (closed) is kept.
    await page.setViewportSize({ width: 600, height: 800 });
    expect(await sidebar().count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await sidebar().count()).toBe(0);

    // Opened on a wide screen, then narrowed: forced closed; widened again: open again.
    await toggle().click();
    await sidebar().waitFor();
    await page.setViewportSize({ width: 767, height: 800 });
    await sidebar().waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await sidebar().waitFor();

    // On a narrow screen it opens over the page and closes after a navigation.
    await page.setViewportSize({ width: 375, height: 800 });
    await sidebar().waitFor({ state: 'detached' });
    await toggle().click();
    await sidebar().waitFor();
    await sidebar().getByRole('link', { name: 'Events' }).click();
    await waitForPath(page, `/tenants/${tenantId}/events`);
    await sidebar().waitFor({ state: 'detached' });
  });
});

describe('auto-refresh', () => {
  it('stores the interval and refetches on it; nothing refetches while frozen', async () => {
    ({ page } = await openPage(browser, baseUrl, { session: owner.api }));
    const listPath = `/api/v1/tenants/${tenantId}/api-tokens`;
    let listRequests = 0;
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === listPath) {
        listRequests += 1;
      }
    });

    await page.goto(`/tenants/${tenantId}/tenant-settings/api-tokens`);
    await page.getByText('No API tokens yet').waitFor();
    expect(await stored('app-default-refetch-interval')).toBeNull();
    const select = page.getByLabel('Auto-refresh interval');
    expect(await select.inputValue()).toBe('10s');

    await select.selectOption('5s');
    expect(await stored('app-default-refetch-interval')).toBe('5s');
    const before = listRequests;
    // Two refetches on the 5 s interval, without any user action.
    await page.waitForRequest((request) => new URL(request.url()).pathname === listPath, {
      timeout: 8000,
    });
    await page.waitForRequest((request) => new URL(request.url()).pathname === listPath, {
      timeout: 8000,
    });
    expect(listRequests - before).toBeGreaterThanOrEqual(2);

    // Frozen: the page loads the list once and then leaves it alone.
    await page.evaluate(() => localStorage.setItem('app-refetch-interval-frozen', 'true'));
    await page.reload();
    await page.getByText('No API tokens yet').waitFor();
    await page.waitForLoadState('networkidle');
    const frozenStart = listRequests;
    await page.waitForTimeout(7000);
    expect(listRequests - frozenStart).toBe(0);
    expect(await page.getByLabel('Auto-refresh interval').getAttribute('title')).toBe(
      'Auto-refresh is paused',
    );

    // Off is stored too, and the manual Refresh still works.
    await page.getByLabel('Auto-refresh interval').selectOption('off');
    expect(await stored('app-default-refetch-interval')).toBe('off');
    const manual = page.waitForRequest((request) => new URL(request.url()).pathname === listPath);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await manual;
  });
});

describe('time zone', () => {
  // A worker serves the greet workflow (to schedule) and the pipeline's code-defined cron.
  const prefix = `tz${Date.now().toString(36)}`;
  const tenant = useTenantFixture({ tenantName: 'Time Zone Tenant', workerPrefix: prefix });
  /** A fresh page loads its route's chunk and first queries: a wait for behaviour, not timing. */
  const FIRST_DATA_TIMEOUT_MS = 15_000;

  it('shows times and cron fire times in the chosen zone and reads typed times in it', async () => {
    // Noon UTC on 15 January: 07:00 in New York (the browser's zone here), 21:00 in Tokyo.
    const year = new Date().getUTCFullYear() + 1;
    const scheduledPath = `/api/v1/tenants/${tenant.tenantId}/workflows/scheduled`;
    const scheduled = await tenant.owner.api.request<ScheduledWorkflows>(
      'POST',
      `/api/v1/tenants/${tenant.tenantId}/workflows/${prefix}-greet/scheduled`,
      { body: { input: {}, additionalMetadata: {}, triggerAt: `${year}-01-15T12:00:00.000Z` } },
    );
    const id = scheduled.metadata.id;
    ({ page } = await openPage(browser, baseUrl, {
      session: tenant.owner.api,
      timezoneId: 'America/New_York',
    }));

    await page.goto(`/tenants/${tenant.tenantId}/scheduled`);
    const row = page.locator(`tr[data-scheduled-row="${id}"]`);
    await row.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    const rowTime = row.locator('time').last();
    expect(await stored('trellis-time-zone')).toBeNull();
    expect(await rowTime.getAttribute('title')).toBe(`${year}-01-15 07:00:00.000 GMT-5`);

    // The user menu opens the picker; search and pick with the keyboard.
    const userMenu = page.getByRole('button', { name: 'User menu' });
    await userMenu.click();
    await page.getByRole('menuitem', { name: /^Time zone/ }).click();
    const picker = page.getByRole('dialog', { name: 'Time zone' });
    const browserChoice = picker.getByRole('radio', { name: /^Browser \(America\/New_York\)/ });
    expect(await browserChoice.isChecked()).toBe(true);
    await picker.getByRole('searchbox', { name: 'Search time zones' }).fill('tokyo');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    expect(await picker.getByRole('radio', { name: /^Asia\/Tokyo/ }).isChecked()).toBe(true);
    expect(await stored('trellis-time-zone')).toBe('Asia/Tokyo');
    // The list behind the picker has already followed.
    expect(await rowTime.getAttribute('title')).toBe(
      `${year}-01-15 21:00:00.000 GMT+9 (Asia/Tokyo)`,
    );
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    await page.waitForFunction(() =>
      document.activeElement?.getAttribute('aria-label')?.startsWith('User menu'),
    );

    // The choice outlives a reload; the panel writes the time out in full, naming the zone.
    await page.reload();
    await row.getByRole('button', { name: id.slice(0, 8), exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Scheduled run' });
    await panel.getByText(`${year}-01-15 21:00:00.000 GMT+9 (Asia/Tokyo)`).waitFor();

    // What is typed into a time field is read in the chosen zone, which the field names.
    await panel.getByRole('button', { name: 'Reschedule' }).click();
    const reschedule = page.getByRole('dialog', { name: 'Reschedule run' });
    const triggerAt = reschedule.getByLabel('Trigger at');
    // Chromium leaves zero seconds out of the value.
    expect(await triggerAt.inputValue()).toMatch(new RegExp(`^${year}-01-15T21:00(:00)?$`));
    await reschedule.getByText('Time zone: Asia/Tokyo').waitFor();
    await triggerAt.fill(`${year}-01-16T09:30:00`);
    await reschedule.getByRole('button', { name: 'Reschedule' }).click();
    await page.getByText('Run rescheduled', { exact: true }).waitFor();
    const moved = await tenant.owner.api.request<ScheduledWorkflows>(
      'GET',
      `${scheduledPath}/${id}`,
    );
    expect(moved.triggerAt).toBe(`${year}-01-16T00:30:00.000Z`);

    // A cron's next fire times follow the zone: the pipeline's 0 9 * * 1-5 runs in UTC.
    await page.goto(`/tenants/${tenant.tenantId}/cron-jobs`);
    const cronRow = page
      .getByRole('table', { name: 'Cron jobs' })
      .locator('tr', { hasText: '0 9 * * 1-5' });
    await cronRow.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await cronRow.getByRole('button', { name: '0 9 * * 1-5', exact: true }).click();
    const cronPanel = page.getByRole('dialog', { name: 'Cron job' });
    const firstFire = cronPanel
      .getByRole('list', { name: 'Next fire times' })
      .getByRole('listitem')
      .first();
    expect(await firstFire.textContent()).toMatch(/Your time \(Asia\/Tokyo\).*18:00:00 GMT\+9/);

    // Back to the browser's zone from another tab: the panel open in this one follows.
    const other = await page.context().newPage();
    await other.goto(`/tenants/${tenant.tenantId}/runs`);
    await other.getByRole('button', { name: 'User menu' }).click();
    await other.getByRole('menuitem', { name: /^Time zone/ }).click();
    await other
      .getByRole('dialog', { name: 'Time zone' })
      .getByRole('radio', { name: /^Browser \(America\/New_York\)/ })
      .check();
    expect(await stored('trellis-time-zone')).toBe('browser');
    await expect
      .poll(() => firstFire.textContent())
      .toMatch(/Your time \(America\/New_York\).*0[45]:00:00 GMT-[45]/);
  });
});

describe('toasts', () => {
  it('shows one toast at a time', async () => {
    ({ page } = await openPage(browser, baseUrl, { session: owner.api }));
    await page.goto(`/tenants/${tenantId}/tenant-settings/overview`);
    const name = page.getByLabel('Tenant name');
    const region = page.getByRole('region', { name: 'Notifications (F8)' });

    await name.fill('Preferences Renamed Once');
    await page.getByRole('button', { name: 'Save name' }).click();
    await region.getByText('The tenant is now called "Preferences Renamed Once".').waitFor();

    await name.fill('Preferences Renamed Twice');
    await page.getByRole('button', { name: 'Save name' }).click();
    await region.getByText('The tenant is now called "Preferences Renamed Twice".').waitFor();
    await expect(region.locator('li').count()).resolves.toBe(1);
    expect(await region.getByText('Preferences Renamed Once').count()).toBe(0);

    // The switcher follows the new name.
    await page
      .getByRole('button', { name: 'Tenant: Preferences Renamed Twice. Switch tenant' })
      .waitFor();
  });
});
