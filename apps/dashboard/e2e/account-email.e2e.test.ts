/**
 * Account screens that email and passwords touch: changing the password from the user menu
 * (on the shared server), and the verify-email screen on a server of this file's own that
 * requires verification and, having no SMTP relay, keeps its messages in the outbox. Takes
 * screenshots of both in each theme and at 375 px into /tmp/email-shots.
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiError, ApiSession, PASSWORD, seedOwner, uniqueEmail } from './support/api';
import { seriousViolations } from './support/axe';
import { launchBrowser, openPage, waitForPath } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const SHOTS = '/tmp/email-shots';
const NEW_PASSWORD = 'E2e-changed-passw0rd';

let browser: Browser;
const pages: Page[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await Promise.all(pages.map((page) => page.context().close()));
  await browser?.close();
});

async function open(
  baseUrl: string,
  options: { session?: ApiSession; theme?: 'light' | 'dark'; width?: number } = {},
) {
  const { page } = await openPage(browser, baseUrl, {
    ...(options.session ? { session: options.session } : {}),
    viewport: { width: options.width ?? 1280, height: 800 },
  });
  const theme = options.theme ?? 'dark';
  await page.addInitScript((value) => localStorage.setItem('vite-ui-theme', value), theme);
  pages.push(page);
  return page;
}

async function openChangePassword(page: Page) {
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.waitFor();
  return dialog;
}

describe('change password from the user menu', () => {
  const baseUrl = inject('baseUrl');

  it('refuses a wrong current password, then changes it and signs other sessions out', async () => {
    const owner = await seedOwner(baseUrl, 'Password Team');
    const elsewhere = new ApiSession(baseUrl);
    await elsewhere.login(owner.email);
    const page = await open(baseUrl, { session: owner.api });
    await page.goto(`/tenants/${owner.tenant.metadata.id}/runs`);

    const dialog = await openChangePassword(page);
    await page.screenshot({ path: `${SHOTS}/change-password-dark.png` });
    await dialog.getByLabel('Current password').fill('Not-my-passw0rd');
    await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.getByText('This is not your current password.').waitFor();
    await page.screenshot({ path: `${SHOTS}/change-password-error-dark.png` });

    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('You were signed out everywhere else.').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // This browser stays signed in; the other session is over; the new password works.
    await page.reload();
    await waitForPath(page, `/tenants/${owner.tenant.metadata.id}/runs`);
    const refused = await elsewhere.request('GET', '/api/v1/users/current').catch((error) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(403);
    await new ApiSession(baseUrl).login(owner.email, NEW_PASSWORD);
  });

  it('looks right in the light theme and on a phone', async () => {
    const owner = await seedOwner(baseUrl, 'Password Looks');
    for (const [theme, width, name] of [
      ['light', 1280, 'change-password-light'],
      ['dark', 375, 'change-password-375-dark'],
      ['light', 375, 'change-password-375-light'],
    ] as const) {
      const page = await open(baseUrl, { session: owner.api, theme, width });
      await page.goto(`/tenants/${owner.tenant.metadata.id}/runs`);
      const dialog = await openChangePassword(page);
      await dialog.getByRole('button', { name: 'Change password' }).click();
      await dialog.getByText('Enter your current password.').waitFor();
      await page.screenshot({ path: `${SHOTS}/${name}.png` });
      expect(await seriousViolations(page), name).toEqual([]);
    }
  });
});

describe('verify email', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ TRELLIS_EMAIL_VERIFICATION: 'required' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The link of the newest outbox message to `email` (the .eml file's text part). */
  async function outboxLink(email: string): Promise<string> {
    const outbox = join(server.dataDir, 'outbox');
    const deadline = Date.now() + 10_000;
    for (;;) {
      const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
      for (const file of files) {
        // Quoted-printable: joined soft line breaks, decoded `=XX` bytes.
        const text = (await readFile(join(outbox, file), 'utf8'))
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        if (!text.includes(`To: ${email}`)) continue;
        const link = /https?:\/\/\S+verify-email\?token=[\w.-]+/.exec(text)?.[0];
        if (link) return link;
      }
      if (Date.now() > deadline) throw new Error(`no outbox message to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('resends the link (once a minute) and follows it to the dashboard', async () => {
    const api = new ApiSession(server.baseUrl);
    const email = uniqueEmail('verify');
    await api.register('Vera Verify', email);
    const page = await open(server.baseUrl, { session: api });
    await page.goto('/');
    await waitForPath(page, '/onboarding/verify-email');
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/verify-email-dark.png` });

    const first = await outboxLink(email);
    await page.getByRole('button', { name: 'Send the email again' }).click();
    await page.getByText(`A new link is on its way to ${email}.`).waitFor();
    await page.screenshot({ path: `${SHOTS}/verify-email-sent-dark.png` });
    await page.getByRole('button', { name: 'Send the email again' }).click();
    await page.getByText(/sent less than a minute ago/).waitFor();
    await page.screenshot({ path: `${SHOTS}/verify-email-limited-dark.png` });
    let second = await outboxLink(email);
    for (let wait = 0; second === first && wait < 50; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      second = await outboxLink(email);
    }
    expect(second).not.toBe(first);

    await page.goto(second);
    await page.getByRole('heading', { name: 'Your email is verified' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/verify-email-done-dark.png` });
    await page.getByRole('link', { name: 'Continue to Trellis' }).click();
    await waitForPath(page, '/onboarding/create-tenant');

    // The first link was spent with the second (opened where nobody is signed in).
    const elsewhere = await open(server.baseUrl, { theme: 'light' });
    await elsewhere.goto(first);
    await elsewhere.getByRole('heading', { name: 'This link did not work' }).waitFor();
    await elsewhere.getByText('This verification link has already been used.').waitFor();
    await elsewhere.screenshot({ path: `${SHOTS}/verify-email-used-light.png` });
  });

  it('looks right in the light theme and on a phone', async () => {
    const api = new ApiSession(server.baseUrl);
    const email = uniqueEmail('verify-looks');
    await api.register('Vic Verify', email);
    for (const [theme, width, name] of [
      ['light', 1280, 'verify-email-light'],
      ['dark', 375, 'verify-email-375-dark'],
      ['light', 375, 'verify-email-375-light'],
    ] as const) {
      const page = await open(server.baseUrl, { session: api, theme, width });
      await page.goto('/onboarding/verify-email');
      await page.getByRole('button', { name: 'Send the email again' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/${name}.png` });
      expect(await seriousViolations(page), name).toEqual([]);
    }
    // A link opened on a phone with no session.
    const link = await outboxLink(email);
    const page = await open(server.baseUrl, { theme: 'light', width: 375 });
    await page.goto(link);
    await page.getByRole('heading', { name: 'Your email is verified' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/verify-email-done-375-light.png` });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
