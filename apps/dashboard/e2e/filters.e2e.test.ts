/**
 * The filters screen against the real server, with a real SDK worker registering the
 * workflow filters belong to: create a filter with its expression checked as it is typed,
 * edit it, see the CEL debugger's verdict, delete it after confirming; and a workflow's page
 * listing its filters and linking its event keys to the events screen.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Workflow } from '@trellis/api-contract';
import { waitForPath } from './support/browser';
import { useTenantFixture } from './support/tenant-fixture';

const prefix = `fl${Date.now().toString(36)}`;
const tenant = useTenantFixture({ tenantName: 'Filters Tenant', workerPrefix: prefix });
let pipelineId: string;

beforeAll(async () => {
  const list = await tenant.owner.api.request<{ rows: Workflow[] }>(
    'GET',
    `/api/v1/tenants/${tenant.tenantId}/workflows?name=${prefix}-pipeline`,
  );
  pipelineId = list.rows[0]!.metadata.id;
});

const verdict = (scope: Page | ReturnType<Page['getByRole']>) =>
  scope.getByTestId('expression-verdict');

describe('filters', () => {
  it('creates a filter with its expression checked as it is typed, edits it and deletes it', async () => {
    const page = await tenant.page();
    await page.goto(`/tenants/${tenant.tenantId}/filters`);
    await page.getByRole('button', { name: 'Create filter' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create filter' });
    await dialog.getByLabel('Workflow').selectOption({ label: `${prefix}-pipeline` });
    await dialog.getByLabel('Scope').fill('eu');

    // A broken expression is reported under the field by the CEL debugger, after a pause.
    const expression = dialog.getByLabel('Expression');
    await expression.fill('input.amount >');
    await expect.poll(() => verdict(dialog).textContent()).toContain('expecting');
    expect(await expression.getAttribute('aria-invalid')).toBe('true');
    // A valid one is evaluated on the sample event, with the filter's payload.
    await expression.fill('input.amount > payload.min');
    await dialog.getByLabel('Payload').fill('{"min": 100}');
    await dialog.getByLabel('Sample event').fill('{"amount": 120}');
    await expect.poll(() => verdict(dialog).textContent()).toContain('it is true');
    await dialog.getByLabel('Sample event').fill('{"amount": 80}');
    await expect.poll(() => verdict(dialog).textContent()).toContain('it is false');
    await dialog.getByRole('button', { name: 'Create filter' }).click();

    // The new filter opens in its panel.
    await page.getByText('Filter created', { exact: true }).waitFor();
    const panel = page.getByRole('dialog', { name: 'Filter' });
    await panel.getByText('input.amount > payload.min').waitFor();
    const filterId = new URL(page.url()).searchParams.get('filter');
    expect(filterId).toMatch(/^[0-9a-f-]{36}$/);

    await panel.getByRole('button', { name: 'Edit' }).click();
    await panel.getByLabel('Expression').fill('input.amount >= payload.min');
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Filter saved', { exact: true }).waitFor();
    await panel.getByText('input.amount >= payload.min').waitFor();

    await panel.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete filter' });
    await confirm.getByRole('button', { name: 'Delete filter' }).click();
    await page.getByText('Filter deleted', { exact: true }).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('filter')).toBeNull();
    await expect.poll(() => page.locator(`[data-filter-row="${filterId}"]`).count()).toBe(0);
  });

  it('shows the CEL debugger’s verdict as the expression and sample are typed', async () => {
    const page = await tenant.page();
    await page.goto(`/tenants/${tenant.tenantId}/filters`);
    await page.getByRole('button', { name: 'CEL debugger' }).click();
    const dialog = page.getByRole('dialog', { name: 'CEL debugger' });
    const result = dialog.getByTestId('cel-result');
    await dialog
      .getByLabel('Expression')
      .fill('input.amount > payload.min && additional_metadata.env == "prod"');
    await dialog.getByLabel('Event payload (input)').fill('{"amount": 120}');
    await dialog.getByLabel('Filter payload (payload)').fill('{"min": 100}');
    await dialog.getByLabel('Additional metadata').fill('{"env": "prod"}');
    await expect.poll(() => result.textContent()).toContain('true');
    await dialog.getByLabel('Additional metadata').fill('{"env": "dev"}');
    await expect.poll(() => result.textContent()).toContain('false');
    await dialog.getByLabel('Expression').fill('input.amount > undeclared');
    await expect.poll(() => result.textContent()).toContain('undeclared');
  });

  it('lists a workflow’s filters on its page and links its event keys to the events', async () => {
    await tenant.owner.api.request('POST', `/api/v1/stable/tenants/${tenant.tenantId}/filters`, {
      body: { workflowId: pipelineId, scope: 'us', expression: 'input.n > 2', payload: {} },
    });
    const page = await tenant.page();
    await page.goto(`/tenants/${tenant.tenantId}/workflows/${pipelineId}`);
    const filters = page.getByRole('table', { name: 'Filters of this workflow' });
    await filters.getByText('input.n > 2').waitFor();

    await filters.getByRole('link', { name: 'us' }).click();
    await waitForPath(page, new RegExp(`^/tenants/${tenant.tenantId}/filters\\?filter=`));
    await page.getByRole('dialog', { name: 'Filter' }).getByText('input.n > 2').waitFor();

    await page.goto(`/tenants/${tenant.tenantId}/workflows/${pipelineId}`);
    await page.getByRole('link', { name: `${prefix}:order.created` }).click();
    await waitForPath(page, new RegExp(`^/tenants/${tenant.tenantId}/events\\?events-table=`));
    await page.getByRole('button', { name: 'Filters (1 active)' }).waitFor();
  });
});
