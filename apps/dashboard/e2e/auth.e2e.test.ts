/**
 * Signing up, creating the first tenant, signing out and in, through the real server.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiSession, PASSWORD, seedOwner, uniqueEmail } from './support/api';
import { launchBrowser, openPage, waitForPath } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await page?.context().close();
});

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

describe('accounts', () => {
  it('registers a new user and lands on create-tenant', async () => {
    ({ page } = await openPage(browser, baseUrl));
    await page.goto('/auth/register');
    await page.getByLabel('Name').fill('Rita Register');
    await page.getByLabel('Email').fill(uniqueEmail('register'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, '/onboarding/create-tenant');
    await page.getByRole('heading', { name: 'Create a tenant' }).waitFor();
  });

  it('creates a tenant and lands on its runs page', async () => {
    const api = new ApiSession(baseUrl);
    await api.register('Tina Tenant', uniqueEmail('tenant'));
    ({ page } = await openPage(browser, baseUrl, { session: api }));
    // Any signed-in page sends a user without a tenant to create one.
    await page.goto('/workflow-runs');
    await waitForPath(page, '/onboarding/create-tenant');
    await page.getByLabel('Name').fill('Acme Browser Tests');
    await expect(page.getByLabel('Slug').inputValue()).resolves.toBe('acme-browser-tests');
    await page.getByRole('button', { name: 'Create tenant' }).click();
    await waitForPath(page, new RegExp(`^/tenants/${UUID}/runs$`));
    await page.getByRole('heading', { name: 'Runs', level: 1 }).waitFor();

    const [membership] = await api.memberships();
    expect(membership?.tenant?.name).toBe('Acme Browser Tests');
    expect(membership?.role).toBe('OWNER');
    expect(new URL(page.url()).pathname).toBe(`/tenants/${membership?.tenant?.metadata.id}/runs`);
    await page.getByRole('button', { name: 'Tenant: Acme Browser Tests. Switch tenant' }).waitFor();
  });

  it('signs out and signs in again', async () => {
    const owner = await seedOwner(baseUrl, 'Sign In Tenant');
    ({ page } = await openPage(browser, baseUrl, { session: owner.api }));
    await page.goto('/workflow-runs');
    await waitForPath(page, `/tenants/${owner.tenant.metadata.id}/runs`);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await waitForPath(page, '/auth/login');
    const cookies = await page.context().cookies();
    expect(cookies.map((cookie) => cookie.name)).not.toContain('trellis');

    // Signed out for real: a signed-in page sends us back to the sign-in form.
    await page.goto(`/tenants/${owner.tenant.metadata.id}/runs`);
    await waitForPath(page, '/auth/login');

    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, `/tenants/${owner.tenant.metadata.id}/runs`);
    await page.getByRole('heading', { name: 'Runs', level: 1 }).waitFor();
  });

  it('shows the server message under the form when sign-in fails', async () => {
    const owner = await seedOwner(baseUrl, 'Wrong Password Tenant');
    ({ page } = await openPage(browser, baseUrl));
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill('Wrong-passw0rd');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('invalid credentials', { exact: false }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });
});
