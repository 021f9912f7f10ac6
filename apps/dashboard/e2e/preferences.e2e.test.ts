/**
 * Local preferences and shared behaviour (spec sections 3, 4 and 9): theme, sidebar,
 * auto-refresh and toasts, in a real browser against the real server.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SeededUser } from './support/api';
import { seedOwner } from './support/api';
import { launchBrowser, openPage, waitForPath } from './support/browser';

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
