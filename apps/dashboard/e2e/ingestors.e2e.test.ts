/**
 * The Ingestors screen against the real server: create an SNS integration, see the ingestion
 * URL the dialog switches to, find it listed with that URL and copy it (the copied URL reaches
 * the SNS receiver); a second integration of the same topic is refused under the field; delete
 * after confirming. A viewer sees the list with no way to create or delete.
 */
import { describe, expect, it } from 'vitest';
import type { SnsIntegration } from '@trellis/api-contract';
import { seedUser } from './support/api';
import { useTenantFixture } from './support/tenant-fixture';

const tenant = useTenantFixture({ tenantName: 'Ingestors Tenant' });

/** A fresh page loads its route's chunk and first queries: a wait for behaviour, not timing. */
const FIRST_DATA_TIMEOUT_MS = 15_000;
const ARN = 'arn:aws:sns:eu-west-1:123456789012:e2e-orders';
const DUPLICATE_MESSAGE = 'this tenant has an SNS integration for that topic already';

const ingestorsPath = () => `/tenants/${tenant.tenantId}/tenant-settings/ingestors`;
const listed = async () =>
  (
    await tenant.owner.api.request<{ rows: SnsIntegration[] }>(
      'GET',
      `/api/v1/tenants/${tenant.tenantId}/sns`,
    )
  ).rows.map((row) => row.topicArn);

describe('ingestors', () => {
  it('creates an SNS integration, copies its ingest URL, refuses a duplicate and deletes it', async () => {
    const page = await tenant.page();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(ingestorsPath());
    await page.getByRole('heading', { level: 1, name: 'Ingestors' }).waitFor();
    const table = page.getByRole('table', { name: 'SNS integrations' });
    await table.getByText('No SNS integrations').waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });

    await page.getByRole('button', { name: 'Create SNS Endpoint' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create a new SNS integration' });
    await dialog.getByLabel('Topic ARN').fill(ARN);
    await dialog.getByRole('button', { name: 'Create integration' }).click();

    // The dialog switches to the URL SNS delivers to.
    const urlStage = page.getByRole('dialog', { name: 'Use this ingestion URL' });
    const ingestUrl = `${tenant.baseUrl}/api/v1/sns/${tenant.tenantId}/sns-event`;
    expect(await urlStage.getByRole('figure').textContent()).toContain(ingestUrl);
    await urlStage.getByRole('button', { name: 'Copy ingest URL' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ingestUrl);
    await urlStage.getByRole('button', { name: 'Done' }).click();
    await urlStage.waitFor({ state: 'detached' });

    // Listed with its URL; the row's copy button copies it too, and says so.
    const row = table.locator(`[data-sns-row="${ARN}"]`);
    expect(await row.getByTestId('sns-ingest-url').textContent()).toBe(ingestUrl);
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await row.getByRole('button', { name: 'Copy ingest URL' }).click();
    await row.getByRole('button', { name: 'Copied ingest URL' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ingestUrl);
    // The copied URL is where the SNS receiver answers (this body is no SNS message).
    const received = await fetch(ingestUrl, { method: 'POST', body: 'not json' });
    expect(received.status).toBe(400);

    // The same topic again is refused under the field, and the dialog stays on the form.
    await page.getByRole('button', { name: 'Create SNS Endpoint' }).click();
    const again = page.getByRole('dialog', { name: 'Create a new SNS integration' });
    await again.getByLabel('Topic ARN').fill(ARN);
    await again.getByRole('button', { name: 'Create integration' }).click();
    await again.getByRole('alert').getByText(DUPLICATE_MESSAGE).waitFor();
    expect(await again.getByLabel('Topic ARN').getAttribute('aria-invalid')).toBe('true');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });
    expect(await listed()).toEqual([ARN]);

    await row.getByRole('button', { name: `Actions for ${ARN}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete integration' });
    expect(await confirm.textContent()).toContain(ARN);
    await confirm.getByRole('button', { name: 'Delete integration' }).click();
    await page.getByText('SNS integration deleted', { exact: true }).waitFor();
    await table.getByText('No SNS integrations').waitFor();
    expect(await listed()).toEqual([]);
  });

  it('shows a viewer the integrations with no way to create or delete them', async () => {
    const viewerArn = 'arn:aws:sns:us-east-1:123456789012:e2e-viewer';
    await tenant.owner.api.request('POST', `/api/v1/tenants/${tenant.tenantId}/sns`, {
      body: { topicArn: viewerArn },
    });
    const viewer = await seedUser(tenant.baseUrl, 'viewer');
    const invite = await tenant.owner.api.createInvite(tenant.tenantId, viewer.email, 'VIEWER');
    await viewer.api.acceptInvite(invite.metadata.id);

    const page = await tenant.page(viewer);
    await page.goto(ingestorsPath());
    const row = page.locator(`[data-sns-row="${viewerArn}"]`);
    await row.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await row.getByRole('button', { name: 'Copy ingest URL' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create SNS Endpoint' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: `Actions for ${viewerArn}` }).count()).toBe(0);
  });
});
