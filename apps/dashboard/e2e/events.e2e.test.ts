/**
 * The events screen against the real server with a real SDK worker (e2e/fixtures/sdk-worker,
 * whose pipeline workflow has an event trigger): send an event from the dashboard, see it
 * open, follow it to the run it triggered; filters kept in the URL; replay with its
 * confirmation.
 */
import { describe, expect, it } from 'vitest';
import { waitForPath } from './support/browser';
import { useTenantFixture } from './support/tenant-fixture';

const prefix = `ev${Date.now().toString(36)}`;
const tenant = useTenantFixture({ tenantName: 'Events Tenant', workerPrefix: prefix });
/** The key the fixture's pipeline workflow is triggered by. */
const triggerKey = `${prefix}:order.created`;

/** A fresh page loads its route's chunk and first queries: a wait for behaviour, not timing. */
const FIRST_DATA_TIMEOUT_MS = 15_000;

/** Pushes an event through the REST API, as a client would. */
async function pushEvent(key: string, data: Record<string, unknown>, scope?: string) {
  const created = await tenant.owner.api.request<{ metadata: { id: string } }>(
    'POST',
    `/api/v1/tenants/${tenant.tenantId}/events`,
    { body: { key, data, ...(scope ? { scope } : {}) } },
  );
  return created.metadata.id;
}

describe('events', () => {
  it('sends an event from the dashboard and follows it to the run it triggered', async () => {
    const page = await tenant.page();
    await page.goto(`/tenants/${tenant.tenantId}/events`);
    await page.getByRole('button', { name: 'Send event' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Send event' });
    await dialog.getByLabel('Key').fill(triggerKey);
    // The payload is checked as it is typed: broken JSON keeps the dialog from sending.
    const payload = dialog.getByLabel('Payload');
    await payload.fill('{"n": 4,');
    await dialog.getByText(/^Not valid JSON/).waitFor();
    expect(await dialog.getByRole('button', { name: 'Send event' }).isDisabled()).toBe(true);
    await payload.fill('{"n": 4}');
    await dialog.getByLabel('Additional metadata').fill('{"case": "send-event"}');
    await dialog.getByRole('button', { name: 'Send event' }).click();

    // The new event opens in its panel, deep-linked in the URL.
    await page.getByText('Event sent', { exact: true }).waitFor();
    const panel = page.getByRole('dialog', { name: `Event ${triggerKey}` });
    await panel.getByRole('heading', { name: triggerKey, exact: true }).waitFor();
    const eventId = new URL(page.url()).searchParams.get('event');
    expect(eventId).toMatch(/^[0-9a-f-]{36}$/);
    await panel.getByText('"send-event"').waitFor();

    // The pipeline ran for it: the panel's runs table lists the run, which leads to its page.
    const runs = panel.getByRole('table', { name: 'Triggered runs' });
    // The run's name comes first in its row; the workflow column links to the workflow.
    const runLink = runs.getByRole('link', { name: `${prefix}-pipeline` }).first();
    await runLink.waitFor({ timeout: 30_000 });
    await runs.getByText('Succeeded').waitFor({ timeout: 30_000 });
    await runLink.click();
    await waitForPath(page, new RegExp(`^/tenants/${tenant.tenantId}/runs/[0-9a-f-]{36}$`));
    await expect
      .poll(() => page.getByTestId('run-status').textContent(), { timeout: FIRST_DATA_TIMEOUT_MS })
      .toBe('COMPLETED');
  });

  it('filters by key in the URL, and replays an event after confirming', async () => {
    await pushEvent(`${prefix}:other`, { note: 'not a trigger' });
    const triggering = await pushEvent(triggerKey, { n: 1 });
    const page = await tenant.page();
    await page.goto(`/tenants/${tenant.tenantId}/events`);
    const table = page.getByRole('table', { name: 'Events' });
    await table.locator(`[data-event-row="${triggering}"]`).waitFor();

    await page.getByRole('button', { name: /^Filters/ }).click();
    const addKey = page.getByLabel('Add Event', { exact: true });
    await addKey.fill(triggerKey);
    await addKey.press('Enter');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => table.locator('[data-event-row]').count(), { timeout: FIRST_DATA_TIMEOUT_MS })
      .toBeGreaterThanOrEqual(1);
    await expect.poll(() => table.getByText(`${prefix}:other`).count()).toBe(0);

    // Reloading keeps the filter: it lives in the URL.
    await page.reload();
    await page.getByRole('button', { name: 'Filters (1 active)' }).waitFor();
    expect(new URL(page.url()).searchParams.get('events-table')).toBe(
      JSON.stringify({ k: [triggerKey] }),
    );

    await table.locator(`[data-event-row="${triggering}"]`).getByRole('button').first().click();
    const panel = page.getByRole('dialog', { name: `Event ${triggerKey}` });
    await panel.getByRole('button', { name: 'Replay' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Replay event' });
    await confirm.getByText(/linked to the original/).waitFor();
    await confirm.getByRole('button', { name: 'Replay' }).click();
    await page.getByText('Replayed 1 event', { exact: true }).waitFor();

    // The replay, a new event with the same key linked to the original, opens in its place.
    await panel.getByText('Replay of', { exact: true }).waitFor();
    const replayId = new URL(page.url()).searchParams.get('event');
    expect(replayId).toMatch(/^[0-9a-f-]{36}$/);
    expect(replayId).not.toBe(triggering);
    await panel.getByRole('button', { name: triggering.slice(0, 8) }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('event')).toBe(triggering);
  });
});
