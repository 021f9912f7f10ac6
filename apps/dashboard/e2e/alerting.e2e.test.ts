/**
 * The Alerting screen against the real server: create an email group (a bad address is
 * refused in the dialog first), edit it, delete it after confirming; turn run failure alerts on
 * with a frequency and see the server keep it. A viewer sees the settings and groups with no
 * way to change them.
 */
import { describe, expect, it } from 'vitest';
import type { TenantAlertEmailGroup } from '@trellis/api-contract';
import { seedUser } from './support/api';
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
