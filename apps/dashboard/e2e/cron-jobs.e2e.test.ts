/**
 * The cron jobs screen against the real server, with a real SDK worker whose pipeline
 * workflow declares a cron in code: create a cron through Trigger Run's Cron tab (the spec's
 * message shows while the expression is wrong), see it listed with its description and
 * zone, its next five fire times, disable and enable it, edit its expression, run it now and
 * follow the toast to the run, delete it after confirming; the code-defined cron cannot be
 * deleted.
 */
import { describe, expect, it } from 'vitest';
import { waitForPath } from './support/browser';
import { useTenantFixture } from './support/tenant-fixture';

const prefix = `cr${Date.now().toString(36)}`;
const tenant = useTenantFixture({ tenantName: 'Crons Tenant', workerPrefix: prefix });

/** A fresh page loads its route's chunk and first queries: a wait for behaviour, not timing. */
const FIRST_DATA_TIMEOUT_MS = 15_000;

describe('cron jobs', () => {
  it('creates, shows, disables, edits, runs and deletes a cron', async () => {
    const page = await tenant.page();
    await page.goto(`/tenants/${tenant.tenantId}/cron-jobs`);
    await page.getByRole('button', { name: 'Create Cron Job' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Trigger Run' });
    expect(await dialog.getByRole('tab', { name: 'Cron' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await dialog
      .getByLabel('Workflow', { exact: true })
      .selectOption({ label: `${prefix}-greet` }, { timeout: FIRST_DATA_TIMEOUT_MS });
    await dialog.getByLabel('Cron Name').fill('nightly-e2e');

    // The spec's message shows as the expression is typed, before anything is sent.
    const expression = dialog.getByLabel('Cron Expression');
    await expression.fill('30 2 * *');
    await dialog
      .getByText('Expression has only 4 parts. At least 5 parts are required.', { exact: true })
      .waitFor();
    await expression.fill('CRON_TZ=Europe/Berlin 30 2 * * *');
    await dialog.getByText('Runs at 02:30 (Europe/Berlin)').waitFor();
    await dialog.getByRole('button', { name: 'Create cron job' }).click();

    await waitForPath(page, `/tenants/${tenant.tenantId}/cron-jobs`);
    await page.getByText('Cron job created', { exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Cron jobs' });
    const row = table.locator('tr', { hasText: 'CRON_TZ=Europe/Berlin 30 2 * * *' });
    await row.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await row.textContent()).toContain('Runs at 02:30');
    expect(await row.textContent()).toContain('Europe/Berlin');
    expect(await row.textContent()).toContain('nightly-e2e');

    // The panel: the next five fire times, in the viewer's zone and the cron's.
    await row.getByRole('button', { name: 'CRON_TZ=Europe/Berlin 30 2 * * *' }).click();
    const panel = page.getByRole('dialog', { name: 'Cron job' });
    const fires = panel.getByRole('list', { name: 'Next fire times' }).getByRole('listitem');
    await expect.poll(() => fires.count()).toBe(5);
    expect(await fires.first().textContent()).toContain('Cron time (Europe/Berlin)');
    await panel.getByText('Not fired yet').waitFor();

    await panel.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('Cron job disabled', { exact: true }).waitFor();
    await panel.getByRole('img', { name: 'Disabled' }).waitFor();
    await panel.getByRole('button', { name: 'Enable' }).click();
    await page.getByText('Cron job enabled', { exact: true }).waitFor();
    await panel.getByRole('img', { name: 'Enabled' }).waitFor();

    await panel.getByRole('button', { name: 'Edit' }).click();
    const form = panel.getByRole('form', { name: 'Edit cron job' });
    await form.getByLabel('Cron Expression').fill('0 3 * *');
    await form.getByText('Expression has only 4 parts. At least 5 parts are required.').waitFor();
    await form.getByLabel('Cron Expression').fill('0 3 * * *');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Cron job saved', { exact: true }).waitFor();
    await panel.getByTestId('cron-panel-description').getByText('Runs at 03:00').waitFor();

    await panel.getByRole('button', { name: 'Run now' }).click();
    await page.getByText('Run started', { exact: true }).waitFor();
    // The open panel is modal, so the toast (outside it) is hidden from the accessibility tree.
    await page.getByRole('button', { name: 'View run', includeHidden: true }).click();
    await waitForPath(page, new RegExp(`^/tenants/${tenant.tenantId}/runs/[0-9a-f-]{36}`));

    await page.goto(`/tenants/${tenant.tenantId}/cron-jobs`);
    const edited = page.getByRole('table', { name: 'Cron jobs' }).locator('tr', {
      hasText: 'nightly-e2e',
    });
    await edited.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await edited.textContent()).toContain('0 3 * * *');
    await edited.getByRole('button', { name: 'Actions for nightly-e2e' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete cron job' });
    expect(await confirm.textContent()).toContain('cannot be undone');
    await confirm.getByRole('button', { name: 'Delete cron job' }).click();
    await page.getByText('Cron job deleted', { exact: true }).waitFor();
    await expect.poll(() => edited.count()).toBe(0);
  });

  it('keeps a cron defined in code from being deleted or edited, but runs it', async () => {
    const page = await tenant.page();
    await page.goto(`/tenants/${tenant.tenantId}/cron-jobs`);
    const row = page
      .getByRole('table', { name: 'Cron jobs' })
      .locator('tr', { hasText: '0 9 * * 1-5' });
    await row.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await row.textContent()).toContain('Defined in code');
    expect(await row.textContent()).toContain('Runs at 09:00, Monday through Friday');

    await row.getByRole('button', { name: 'Actions for 0 9 * * 1-5' }).click();
    const remove = page.getByRole('menuitem', { name: 'Delete' });
    expect(await remove.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');

    await row.getByRole('button', { name: '0 9 * * 1-5', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Cron job' });
    expect(await panel.getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);
    expect(await panel.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await panel.getByRole('button', { name: 'Run now' }).click();
    await page.getByText('Run started', { exact: true }).waitFor();
  });

  it('keeps the workflow and metadata filters in the URL and lists a workflow’s crons', async () => {
    const page = await tenant.page();
    await page.goto(`/tenants/${tenant.tenantId}/workflows`);
    await page
      .getByRole('link', { name: `${prefix}-pipeline` })
      .first()
      .click();
    const crons = page.getByRole('table', { name: 'Cron jobs of this workflow' });
    await crons.getByText('0 9 * * 1-5').waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await page.getByRole('link', { name: 'Open in Cron Jobs' }).click();
    await waitForPath(page, new RegExp(`^/tenants/${tenant.tenantId}/cron-jobs\\?crons-table=`));
    await page.getByRole('button', { name: 'Filters (1 active)' }).waitFor();
    await page.reload();
    await page
      .getByRole('table', { name: 'Cron jobs' })
      .locator('tr', { hasText: '0 9 * * 1-5' })
      .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Filters (1 active)' }).waitFor();

    await page.goto(
      `/tenants/${tenant.tenantId}/cron-jobs?crons-table=${encodeURIComponent('{"m":["none:here"]}')}`,
    );
    await page.getByText('No crons match these filters').waitFor({
      timeout: FIRST_DATA_TIMEOUT_MS,
    });
  });
});
