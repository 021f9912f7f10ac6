/**
 * The scheduled runs screen against the real server, with a real SDK worker: schedule a run
 * through Trigger Run's Schedule tab and see it listed as Scheduled, reschedule it, bulk
 * delete a selection and everything a filter matches (the count said first); and the
 * Trigger Run dialog's three timing tabs from the runs list.
 */
import { describe, expect, it } from 'vitest';
import type { ScheduledWorkflows } from '@trellis/api-contract';
import { waitForPath } from './support/browser';
import { useTenantFixture } from './support/tenant-fixture';

const prefix = `sc${Date.now().toString(36)}`;
const tenant = useTenantFixture({ tenantName: 'Scheduled Tenant', workerPrefix: prefix });

/** A fresh page loads its route's chunk and first queries: a wait for behaviour, not timing. */
const FIRST_DATA_TIMEOUT_MS = 15_000;
const DAY_MS = 86_400_000;

/** Schedules a run of the greet workflow through the REST API, a day or more ahead. */
async function schedule(metadata: Record<string, string>, daysAhead = 1) {
  const scheduled = await tenant.owner.api.request<ScheduledWorkflows>(
    'POST',
    `/api/v1/tenants/${tenant.tenantId}/workflows/${prefix}-greet/scheduled`,
    {
      body: {
        input: {},
        additionalMetadata: metadata,
        triggerAt: new Date(Date.now() + daysAhead * DAY_MS).toISOString(),
      },
    },
  );
  return scheduled.metadata.id;
}

const shortId = (id: string) => id.slice(0, 8);

describe('scheduled runs', () => {
  it('schedules a run through the dialog, lists it as Scheduled and reschedules it', async () => {
    const page = await tenant.page();
    await page.goto(`/tenants/${tenant.tenantId}/scheduled`);
    await page.getByRole('button', { name: 'Schedule Run' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Trigger Run' });
    expect(await dialog.getByRole('tab', { name: 'Schedule' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await dialog
      .getByLabel('Workflow', { exact: true })
      .selectOption({ label: `${prefix}-greet` }, { timeout: FIRST_DATA_TIMEOUT_MS });
    await dialog.getByLabel('Additional Metadata').fill('{"origin": "dialog"}');
    await dialog.getByRole('button', { name: 'Now', exact: true }).click();
    await dialog.getByRole('button', { name: '+60m' }).click();
    await dialog.getByRole('button', { name: 'Schedule run' }).click();

    await waitForPath(page, `/tenants/${tenant.tenantId}/scheduled`);
    await page.getByText('Run scheduled', { exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Scheduled runs' });
    const row = table.locator('tr[data-scheduled-row]', { hasText: 'In 59 minutes' });
    await row.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await row.getByTestId('scheduled-status').textContent()).toBe('Scheduled');
    const id = (await row.getAttribute('data-scheduled-row')) ?? '';

    await row.getByRole('button', { name: `Actions for scheduled run ${shortId(id)}` }).click();
    await page.getByRole('menuitem', { name: 'Reschedule' }).click();
    const reschedule = page.getByRole('dialog', { name: 'Reschedule run' });
    const tomorrow = new Date(Date.now() + DAY_MS + 3_600_000);
    // The browser runs in UTC (vitest.e2e.config.ts), so local input text is UTC text.
    await reschedule.getByLabel('Trigger at').fill(tomorrow.toISOString().slice(0, 19));
    await reschedule.getByRole('button', { name: 'Reschedule' }).click();
    await page.getByText('Run rescheduled', { exact: true }).waitFor();
    await table
      .locator(`tr[data-scheduled-row="${id}"]`, { hasText: 'Tomorrow' })
      .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });

    // The panel shows its details.
    await table.getByRole('button', { name: shortId(id), exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Scheduled run' });
    await panel.getByText(`${prefix}-greet`).first().waitFor();
    await panel.getByText('"origin"').waitFor();
  });

  it('bulk deletes a selection, then everything a filter matches, saying how many', async () => {
    const selected = [await schedule({ batch: 'a' }, 3), await schedule({ batch: 'a' }, 3)];
    const kept = await schedule({ batch: 'a' }, 3);
    await Promise.all([1, 2, 3].map(() => schedule({ batch: 'b' }, 4)));

    const page = await tenant.page();
    await page.goto(
      `/tenants/${tenant.tenantId}/scheduled?scheduled-runs-table=${encodeURIComponent('{"m":["batch:a"]}')}`,
    );
    const table = page.getByRole('table', { name: 'Scheduled runs' });
    await table.locator(`tr[data-scheduled-row="${kept}"]`).waitFor({
      timeout: FIRST_DATA_TIMEOUT_MS,
    });
    for (const id of selected) {
      await table.getByRole('checkbox', { name: `Select scheduled run ${shortId(id)}` }).check();
    }
    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    await page.getByRole('menuitem', { name: /Delete selected/ }).click();
    const bySelection = page.getByRole('dialog', { name: 'Delete selected scheduled runs' });
    await bySelection.getByRole('button', { name: 'Delete 2 scheduled runs' }).click();
    await page.getByText('Deleted 2 scheduled runs', { exact: true }).waitFor();
    await expect.poll(() => table.locator('tr[data-scheduled-row]').count()).toBe(1);

    await page.goto(
      `/tenants/${tenant.tenantId}/scheduled?scheduled-runs-table=${encodeURIComponent('{"m":["batch:b"],"s":["SCHEDULED"]}')}`,
    );
    await expect
      .poll(() => table.locator('tr[data-scheduled-row]').count(), {
        timeout: FIRST_DATA_TIMEOUT_MS,
      })
      .toBe(3);
    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Delete all matching the filter' }).click();
    const byFilter = page.getByRole('dialog', { name: 'Delete matching scheduled runs' });
    await expect
      .poll(() => byFilter.getByTestId('bulk-count').textContent())
      .toBe('3 scheduled runs match this filter.');
    await byFilter
      .getByRole('button', { name: 'Delete 3 scheduled runs matching this filter' })
      .click();
    await page.getByText('Deleted 3 scheduled runs', { exact: true }).waitFor();
    await page.getByText('No runs found').waitFor();

    // The run kept by the first delete is still there.
    await page.goto(`/tenants/${tenant.tenantId}/scheduled`);
    await table.locator(`tr[data-scheduled-row="${kept}"]`).waitFor({
      timeout: FIRST_DATA_TIMEOUT_MS,
    });
  });

  it('offers Now, Schedule and Cron in Trigger Run from the runs list', async () => {
    const page = await tenant.page();
    await page.goto(`/tenants/${tenant.tenantId}/runs`);
    await page.getByRole('button', { name: 'Trigger Run' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Trigger Run' });
    expect(await dialog.getByRole('tab', { name: 'Now' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await dialog.getByRole('button', { name: 'Run now' }).waitFor();

    await dialog.getByRole('tab', { name: 'Schedule' }).click();
    await dialog.getByLabel('Trigger at').waitFor();
    for (const step of ['+15s', '+1m', '+5m', '+15m', '+60m']) {
      await dialog.getByRole('button', { name: step }).waitFor();
    }
    await dialog.getByRole('button', { name: 'Schedule run' }).waitFor();

    await dialog.getByRole('tab', { name: 'Cron' }).click();
    expect(await dialog.getByLabel('Cron Expression').inputValue()).toBe('* * * * *');
    await dialog.getByText('Runs every minute (UTC)').waitFor();
    await dialog.getByLabel('Cron Expression').fill('* * * * * * * *');
    await dialog.getByText('Expression has 8 parts; too many!', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Create cron job' }).waitFor();
  });
});
