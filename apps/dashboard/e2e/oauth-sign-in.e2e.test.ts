/**
 * Sign-in with Google in the browser, on a server of this file's own whose Google provider is a
 * real OpenID provider started here (apps/server/test/oauth/oidc-test-provider.ts) and whose
 * GitHub is a local stand-in, so both buttons show. Takes screenshots of the sign-in and
 * register pages in each theme and at 375 px into /tmp/oauth-shots.
 */
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestProviders } from '../../server/test/oauth/test-providers';
import { seedOwner, uniqueEmail } from './support/api';
import { launchBrowser, openPage, waitForPath } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const SHOTS = '/tmp/oauth-shots';

let browser: Browser;
let server: RunningServer;
let providers: Awaited<ReturnType<typeof startTestProviders>>;
const pages: Page[] = [];

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  providers = await startTestProviders();
  server = await startServer(providers.env);
  providers.connect(server.baseUrl);
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(pages.map((page) => page.context().close()));
  await browser?.close();
  await server?.stop();
  await providers?.close();
});

async function open(options: { theme?: 'light' | 'dark'; width?: number } = {}) {
  const { page } = await openPage(browser, server.baseUrl, {
    viewport: { width: options.width ?? 1280, height: 800 },
  });
  const theme = options.theme ?? 'dark';
  await page.addInitScript((value) => localStorage.setItem('vite-ui-theme', value), theme);
  pages.push(page);
  return page;
}

describe('sign in with Google', () => {
  it('signs an existing account in through the provider and lands in its tenant', async () => {
    const owner = await seedOwner(server.baseUrl, 'Google Team');
    providers.oidc.nextAccount = {
      subject: `e2e-${owner.email}`,
      email: owner.email,
      emailVerified: true,
      name: owner.name,
    };
    const page = await open();
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await waitForPath(page, `/tenants/${owner.tenant.metadata.id}/runs`, 30_000);
    await page.getByRole('button', { name: /^User menu/ }).click();
    // Signed in as the account the password made, not a new one.
    await page.getByRole('menu').getByText(owner.email).waitFor();
  });

  it('creates an account for a new address and starts its onboarding', async () => {
    providers.oidc.nextAccount = {
      subject: `e2e-new-${Date.now()}`,
      email: uniqueEmail('google-new'),
      emailVerified: true,
      name: 'New Googler',
    };
    const page = await open({ theme: 'light' });
    await page.goto('/auth/register');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await waitForPath(page, /^\/onboarding\//, 30_000);
  });

  it('comes back to the sign-in page with the reason when the address is not verified', async () => {
    const owner = await seedOwner(server.baseUrl, 'Unverified Team');
    providers.oidc.nextAccount = {
      subject: `e2e-unverified-${owner.email}`,
      email: owner.email,
      emailVerified: false,
      name: owner.name,
    };
    const page = await open();
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.getByText('Google has not verified that this address is yours').first().waitFor();
    // The message is shown once and leaves the address bar.
    await waitForPath(page, '/auth/login');
    await page.screenshot({ path: `${SHOTS}/login-error-dark.png` });
  });
});

describe('sign-in and register pages with both providers', () => {
  it.each([
    ['dark', 1280],
    ['light', 1280],
    ['dark', 375],
    ['light', 375],
  ] as const)('look right in the %s theme at %i px', async (theme, width) => {
    const page = await open({ theme, width });
    for (const screen of ['login', 'register']) {
      await page.goto(`/auth/${screen}`);
      await page.getByRole('link', { name: 'Continue with Google' }).waitFor();
      await page.getByRole('link', { name: 'Continue with GitHub' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/${screen}-${width}-${theme}.png`, fullPage: true });
    }
    // How a refused sign-in comes back: the reason, shown once.
    const reason = 'Your GitHub account has no verified primary email address.';
    await page.goto(`/auth/login?error=${encodeURIComponent(reason)}`);
    await page.getByText(reason).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/login-error-${width}-${theme}.png` });
  });
});
