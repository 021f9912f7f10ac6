/**
 * Webhook Workers against the real server and a real HTTP worker (the server test's
 * signature-checking worker): create an endpoint, copy its secret into the worker, test the
 * connection until the server's health check is answered, see the card with its requests,
 * refuse a duplicate URL under the field, and delete after confirming. A viewer sees the cards
 * with no way to create or delete. Screenshots in both themes and on a phone.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookWorker } from '@trellis/api-contract';
import {
  startTestWebhookWorker,
  type TestWebhookWorker,
} from '../../server/test/webhook-worker-server';
import { seedUser } from './support/api';
import { seriousViolations } from './support/axe';
import { useTenantFixture } from './support/tenant-fixture';

const tenant = useTenantFixture({ tenantName: 'Webhook Workers Tenant' });

/** A fresh page loads its route's chunk and first queries: a wait for behaviour, not timing. */
const FIRST_DATA_TIMEOUT_MS = 15_000;
/** The server checks an endpoint that has not answered yet every few seconds. */
const CONNECT_TIMEOUT_MS = 30_000;
const SHOTS = '/tmp/webhook-workers-shots';
const DUPLICATE_MESSAGE =
  'A webhook with the same url already exists, please delete it and try again.';

let worker: TestWebhookWorker;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // Until the test gives it the secret the dashboard shows, it refuses every request (401).
  worker = await startTestWebhookWorker({
    secret: 'not-the-secret-yet-not-the-secret-yet',
    actions: ['e2e-webhook:step'],
    handle: () => ({ status: 200, body: '{}' }),
  });
});
afterAll(async () => worker?.close());

const screenPath = () => `/tenants/${tenant.tenantId}/workers/webhook`;
const listed = async () =>
  (
    (
      await tenant.owner.api.request<{ rows?: WebhookWorker[] }>(
        'GET',
        `/api/v1/tenants/${tenant.tenantId}/webhook-workers`,
      )
    ).rows ?? []
  ).map((row) => row.name);

describe('webhook workers', () => {
  it('creates an endpoint, connects it with the secret, refuses a duplicate and deletes it', async () => {
    const page = await tenant.page();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(screenPath());
    const heading = page.getByRole('heading', { level: 1, name: /Webhook Workers/ });
    await heading.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await heading.textContent()).toContain('BETA');

    await page.getByRole('button', { name: 'Create Webhook Endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a New Webhook Worker' });
    await dialog.getByLabel('URL').fill('not a url');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Enter a valid http or https URL').waitFor();
    await dialog.getByLabel('URL').fill(worker.url);
    await dialog.getByLabel('Friendly Name (optional)').fill('e2e worker');
    await dialog.getByRole('button', { name: 'Continue' }).click();

    // The secret, shown once; Test Connection waits until it is copied.
    const secretStage = page.getByRole('dialog', { name: 'Keep it secret, keep it safe' });
    const shown = (await secretStage.getByRole('figure').textContent()) ?? '';
    const secret = /HATCHET_WEBHOOK_SECRET=(\S+)/.exec(shown)?.[1];
    expect(secret?.length).toBeGreaterThanOrEqual(32);
    const test = secretStage.getByRole('button', { name: 'Test Connection' });
    expect(await test.isDisabled()).toBe(true);
    await secretStage.getByRole('button', { name: 'Copy secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `HATCHET_WEBHOOK_SECRET=${secret}`,
    );
    await page.screenshot({ path: `${SHOTS}/secret-stage.png` });
    await test.click();
    // The worker still has another secret: the server's checks are refused with a 401.
    await secretStage
      .getByText('401 Unauthorized')
      .first()
      .waitFor({ timeout: CONNECT_TIMEOUT_MS });
    await page.screenshot({ path: `${SHOTS}/connecting.png` });

    // The app's environment gets the secret: the next check is answered.
    worker.secret = secret!;
    const connected = page.getByRole('dialog', { name: 'Connected!' });
    await connected.waitFor({ timeout: CONNECT_TIMEOUT_MS });
    expect(worker.received.some((request) => request.method === 'PUT' && request.signed)).toBe(
      true,
    );
    await connected.getByRole('button', { name: 'Done' }).click();
    await connected.waitFor({ state: 'detached' });

    // The card: name, id, URL and the latest requests.
    await page.reload();
    const card = page.locator('[data-webhook-worker="e2e worker"]');
    await card.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await card.textContent()).toContain(worker.url);
    await card.getByRole('list', { name: 'Recent requests to e2e worker' }).waitFor();
    expect(await card.getByText('200 OK').count()).toBeGreaterThan(0);

    // The same URL again is refused under the field.
    await page.getByRole('button', { name: 'Create Webhook Endpoint' }).click();
    const again = page.getByRole('dialog', { name: 'Create a New Webhook Worker' });
    await again.getByLabel('URL').fill(worker.url);
    await again.getByRole('button', { name: 'Continue' }).click();
    await again.getByText(DUPLICATE_MESSAGE).waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });
    expect(await listed()).toEqual(['e2e worker']);

    for (const [theme, width] of [
      ['dark', 1280],
      ['light', 1280],
      ['light', 375],
    ] as const) {
      const shot = await tenant.page();
      await shot.setViewportSize({ width, height: 800 });
      await shot.addInitScript((value) => localStorage.setItem('vite-ui-theme', value), theme);
      await shot.goto(screenPath());
      await shot
        .getByRole('list', { name: 'Recent requests to e2e worker' })
        .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
      await shot.screenshot({
        path: `${SHOTS}/webhook-workers-${theme}-${width}.png`,
        fullPage: true,
      });
      expect(await seriousViolations(shot)).toEqual([]);
    }

    // The engine worker acting for it is a webhook worker in the workers list, and its detail
    // shows the requests the server sent.
    const engineWorkers = await tenant.owner.api.request<{
      rows: { metadata: { id: string }; name: string; type: string }[];
    }>('GET', `/api/v1/tenants/${tenant.tenantId}/worker`);
    const acting = engineWorkers.rows.find((row) => row.name === 'e2e worker');
    expect(acting?.type).toBe('WEBHOOK');
    await page.goto(`/tenants/${tenant.tenantId}/workers/${acting!.metadata.id}`);
    await page
      .getByRole('list', { name: 'Recent HTTP health checks' })
      .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await page.getByText('200 OK').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/worker-detail-health-checks.png`, fullPage: true });
    await page.goto(screenPath());

    await card.getByRole('button', { name: 'Actions for e2e worker' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Webhook Worker?' });
    expect(await confirm.textContent()).toContain(worker.url);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Webhook worker deleted', { exact: true }).waitFor();
    await card.waitFor({ state: 'detached' });
    expect(await listed()).toEqual([]);
  });

  it('shows a viewer the webhook workers with no way to create or delete them', async () => {
    await tenant.owner.api.request('POST', `/api/v1/tenants/${tenant.tenantId}/webhook-workers`, {
      body: { name: 'viewer sees this', url: 'http://127.0.0.1:9/viewer' },
    });
    const viewer = await seedUser(tenant.baseUrl, 'viewer');
    const invite = await tenant.owner.api.createInvite(tenant.tenantId, viewer.email, 'VIEWER');
    await viewer.api.acceptInvite(invite.metadata.id);

    const page = await tenant.page(viewer);
    await page.goto(screenPath());
    await page
      .getByRole('heading', { level: 2, name: 'viewer sees this' })
      .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await page.getByRole('button', { name: 'Create Webhook Endpoint' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Actions for viewer sees this' }).count()).toBe(
      0,
    );
  });
});
