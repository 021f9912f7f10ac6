/**
 * The Alerting screen against the real server: create an email group (a bad address is
 * refused in the dialog first), edit it, delete it after confirming; turn run failure alerts on
 * with a frequency and see the server keep it. A viewer sees the settings and groups with no
 * way to change them. Slack webhooks, on a server of this section's own whose Slack is a local
 * stand-in (apps/server/test/slack-test-server.ts): the whole install in the browser, a
 * cancelled install's reason, delete after confirming; screenshots in both themes and at
 * 375 px into /tmp/slack-shots. The shared server has no Slack app: the section says so.
 */
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlackWebhook, TenantAlertEmailGroup } from '@trellis/api-contract';
import { startSlackTestServer } from '../../server/test/slack-test-server';
import { seedOwner, seedUser } from './support/api';
import { seriousViolations } from './support/axe';
import { launchBrowser, openPage, waitForPath } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { useTenantFixture } from './support/tenant-fixture';

const tenant = useTenantFixture({ tenantName: 'Alerting Tenant' });

/** A fresh page loads its route's chunk and first queries: a wait for behaviour, not timing. */
const FIRST_DATA_TIMEOUT_MS = 15_000;

const alertingPath = () => `/tenants/${tenant.tenantId}/tenant-settings/alerting`;
const groups = async () =>
  (
    await tenant.owner.api.request<{ rows: TenantAlertEmailGroup[] }>(
      'GET',
      `/api/v1/tenants/${tenant.tenantId}/alerting-email-groups`,
    )
  ).rows.map((row) => row.emails);
const settings = () =>
  tenant.owner.api.request<{
    enableWorkflowRunFailureAlerts: boolean;
    maxAlertingFrequency: string;
  }>('GET', `/api/v1/tenants/${tenant.tenantId}/alerting/settings`);

describe('alerting', () => {
  it('creates, edits and deletes an email group', async () => {
    const page = await tenant.page();
    await page.goto(alertingPath());
    await page.getByRole('heading', { level: 1, name: 'Alerting' }).waitFor();
    const table = page.getByRole('table', { name: 'Email groups' });
    await table.getByText('All Tenant Members').waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });

    await page.getByRole('button', { name: 'Create new group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an email group' });
    await dialog.getByLabel('Emails').fill('ops@example.com\nnot-an-email');
    await dialog.getByRole('button', { name: 'Create email group' }).click();
    await dialog.getByRole('alert').getByText('Not an email address: not-an-email').waitFor();
    await dialog.getByLabel('Emails').fill('Ops@example.com\noncall@example.com');
    await dialog.getByRole('button', { name: 'Create email group' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = table.locator('[data-alert-group="ops@example.com,oncall@example.com"]');
    await row.getByText('oncall@example.com').waitFor();
    expect(await groups()).toEqual([['ops@example.com', 'oncall@example.com']]);

    await row
      .getByRole('button', { name: 'Actions for ops@example.com, oncall@example.com' })
      .click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit email group' });
    await edit.getByLabel('Emails').fill('team@example.com');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    const edited = table.locator('[data-alert-group="team@example.com"]');
    await edited.waitFor();
    expect(await groups()).toEqual([['team@example.com']]);

    await edited.getByRole('button', { name: 'Actions for team@example.com' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete email group' });
    expect(await confirm.textContent()).toContain('team@example.com');
    await confirm.getByRole('button', { name: 'Delete email group' }).click();
    await page.getByText('Email group deleted', { exact: true }).waitFor();
    await edited.waitFor({ state: 'detached' });
    expect(await groups()).toEqual([]);
  });

  it('turns run failure alerts on with a frequency', async () => {
    const page = await tenant.page();
    await page.goto(alertingPath());
    const failures = page.getByRole('switch', { name: 'Enable Run Failure Alerts' });
    await failures.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await failures.getAttribute('aria-checked')).toBe('false');
    await failures.click();
    await page.getByLabel('Max Run Failure Alerting Frequency').selectOption('5m');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Alerting settings saved', { exact: true }).waitFor();
    expect(await settings()).toMatchObject({
      enableWorkflowRunFailureAlerts: true,
      maxAlertingFrequency: '5m',
    });
    await page.reload();
    await page
      .getByRole('switch', { name: 'Enable Run Failure Alerts', checked: true })
      .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  });

  it('shows a viewer the settings and groups with no way to change them', async () => {
    await tenant.owner.api.request(
      'POST',
      `/api/v1/tenants/${tenant.tenantId}/alerting-email-groups`,
      { body: { emails: ['viewer-sees@example.com'] } },
    );
    const viewer = await seedUser(tenant.baseUrl, 'viewer');
    const invite = await tenant.owner.api.createInvite(tenant.tenantId, viewer.email, 'VIEWER');
    await viewer.api.acceptInvite(invite.metadata.id);

    const page = await tenant.page(viewer);
    await page.goto(alertingPath());
    const row = page.locator('[data-alert-group="viewer-sees@example.com"]');
    await row.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    const failures = page.getByRole('switch', { name: 'Enable Run Failure Alerts' });
    expect(await failures.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Update' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create new group' }).count()).toBe(0);
    expect(
      await row.getByRole('button', { name: 'Actions for viewer-sees@example.com' }).count(),
    ).toBe(0);
  });
});

describe('Slack webhooks', () => {
  const SHOTS = '/tmp/slack-shots';
  let slack: Awaited<ReturnType<typeof startSlackTestServer>>;
  let server: RunningServer;
  let browser: Browser;
  let owner: Awaited<ReturnType<typeof seedOwner>>;
  const pages: Page[] = [];

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    slack = await startSlackTestServer();
    server = await startServer(slack.env());
    browser = await launchBrowser();
    owner = await seedOwner(server.baseUrl, 'Slack Tenant');
  });
  afterAll(async () => {
    await Promise.all(pages.map((page) => page.context().close()));
    await browser?.close();
    await server?.stop();
    await slack?.close();
  });

  const slackAlertingPath = () => `/tenants/${owner.tenant.metadata.id}/tenant-settings/alerting`;
  const webhooks = async () =>
    (
      await owner.api.request<{ rows: SlackWebhook[] }>(
        'GET',
        `/api/v1/tenants/${owner.tenant.metadata.id}/slack`,
      )
    ).rows.map((row) => `${row.channelName} in ${row.teamName}`);

  async function open(options: { theme?: 'light' | 'dark'; width?: number } = {}) {
    const { page } = await openPage(browser, server.baseUrl, {
      session: owner.api,
      viewport: { width: options.width ?? 1440, height: 900 },
    });
    const theme = options.theme ?? 'dark';
    await page.addInitScript((value) => localStorage.setItem('vite-ui-theme', value), theme);
    pages.push(page);
    return page;
  }

  it('adds a webhook through Slack’s install page and deletes it after confirming', async () => {
    slack.nextInstall = {
      teamId: 'T0E2E',
      teamName: 'Acme Workspace',
      channelId: 'C0E2E',
      channelName: '#ops-alerts',
    };
    const page = await open();
    await page.goto(slackAlertingPath());
    const table = page.getByRole('table', { name: 'Slack webhooks' });
    await table.getByText('No Slack webhooks').waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });

    // The browser goes to the server, on to Slack and back to this page.
    const started = page.waitForRequest((request) =>
      request.url().endsWith(`/api/v1/tenants/${owner.tenant.metadata.id}/slack/start`),
    );
    await page.getByRole('link', { name: 'Add Slack Webhook' }).first().click();
    await started;
    await waitForPath(page, slackAlertingPath(), 30_000);
    const row = table.locator('[data-slack-webhook="#ops-alerts in Acme Workspace"]');
    await row.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await row.textContent()).toContain('Acme Workspace');
    expect(await webhooks()).toEqual(['#ops-alerts in Acme Workspace']);

    await row.getByRole('button', { name: 'Actions for #ops-alerts in Acme Workspace' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete webhook' });
    expect(await confirm.textContent()).toContain('#ops-alerts in Acme Workspace');
    await confirm.getByRole('button', { name: 'Delete webhook' }).click();
    await page.getByText('Slack webhook deleted', { exact: true }).waitFor();
    await table.getByText('No Slack webhooks').waitFor();
    expect(await webhooks()).toEqual([]);
  });

  it('says why an install cancelled in Slack added nothing', async () => {
    slack.nextInstall = { ...slack.nextInstall, deny: true };
    const page = await open({ theme: 'light' });
    await page.goto(slackAlertingPath());
    await page
      .getByRole('link', { name: 'Add Slack Webhook' })
      .first()
      .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await page.getByRole('link', { name: 'Add Slack Webhook' }).first().click();
    const toast = page.getByRole('region', { name: 'Notifications (F8)' });
    await toast.getByText('Could not add the Slack webhook').waitFor({ timeout: 30_000 });
    await toast.getByText('The installation was cancelled in Slack.').waitFor();
    // Shown once: the reason leaves the address bar.
    await waitForPath(page, slackAlertingPath());
    await page.screenshot({ path: `${SHOTS}/cancelled-light.png` });
    expect(await webhooks()).toEqual([]);
  });

  it.each([
    ['dark', 1440],
    ['light', 1440],
    ['dark', 375],
    ['light', 375],
  ] as const)('looks right in the %s theme at %i px', async (theme, width) => {
    slack.nextInstall = {
      teamId: 'T0SHOT',
      teamName: 'Screenshot Workspace',
      channelId: 'C0SHOT',
      channelName: '#alerts-screenshots',
    };
    if ((await webhooks()).length === 0) {
      const page = await open();
      await page.goto(slackAlertingPath());
      await page
        .getByRole('link', { name: 'Add Slack Webhook' })
        .first()
        .click({ timeout: FIRST_DATA_TIMEOUT_MS });
      await page
        .locator('[data-slack-webhook="#alerts-screenshots in Screenshot Workspace"]')
        .waitFor({ timeout: 30_000 });
    }
    const page = await open({ theme, width });
    await page.goto(slackAlertingPath());
    const section = page.getByRole('table', { name: 'Slack webhooks' });
    await section
      .locator('[data-slack-webhook="#alerts-screenshots in Screenshot Workspace"]')
      .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await page.screenshot({ path: `${SHOTS}/alerting-${theme}-${width}.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('Slack webhooks on a server without a Slack app', () => {
  it('says Slack is not set up and offers no install', async () => {
    const page = await tenant.page();
    await page.goto(alertingPath());
    const table = page.getByRole('table', { name: 'Slack webhooks' });
    await table.getByText('No Slack webhooks').waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await page.getByText('Slack is not set up on this server').waitFor();
    expect(await page.getByRole('link', { name: 'Add Slack Webhook' }).count()).toBe(0);
  });
});
