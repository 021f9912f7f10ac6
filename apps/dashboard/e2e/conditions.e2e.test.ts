/**
 * Task conditions with a real SDK worker serving the examples' `conditional` workflow
 * (e2e/fixtures/conditions-worker, examples/src/conditions.ts). For an order of 50: the run
 * graph draws each task's conditions (a parent's on the edge from it); `confirm` waits for a
 * minute or an `order:confirmed` event, and its panel says so and since when; `large-order`
 * is skipped by its parent's output and drawn as skipped; the event releases `confirm`, the
 * run completes, and the runs list shows the skipped task as Skipped, not Succeeded.
 */
import { describe, expect, it } from 'vitest';
import type { V1TaskStatus, V1WorkflowRunDetails } from '@trellis/api-contract';
import { useTenantFixture } from './support/tenant-fixture';

const tenant = useTenantFixture({
  tenantName: 'Conditions Tenant',
  workerPrefix: `conditions${Date.now().toString(36)}`,
  workerFixture: 'conditions-worker',
});

/**
 * How long a poll waits for the worker and the engine to get somewhere (the run's first
 * tasks, a sleep of two seconds): a bound on a wait for behaviour, not a timing check.
 */
const PROGRESS_TIMEOUT_MS = 30_000;

async function runStatus(runId: string): Promise<V1TaskStatus> {
  return tenant.owner.api.request<V1TaskStatus>(
    'GET',
    `/api/v1/stable/workflow-runs/${runId}/status`,
  );
}

describe('task conditions', () => {
  it('draws what each task waits for, skips on and met, and what its conditions decided', async () => {
    const details = await tenant.owner.api.request<V1WorkflowRunDetails>(
      'POST',
      `/api/v1/stable/tenants/${tenant.tenantId}/workflow-runs/trigger`,
      { body: { workflowName: 'conditional', input: { orderId: 'o-e2e', amount: 50 } } },
    );
    const runId = details.run.metadata.id;

    const page = await tenant.page();
    await page.goto(`/tenants/${tenant.tenantId}/runs/${runId}`);
    const graph = page.getByRole('group', { name: /Task graph/ });
    const lines = (name: string) =>
      graph.getByRole('list', { name, exact: true }).getByRole('listitem');

    // `confirm` waits on either of its conditions; `review` on its sleep.
    const confirm = lines('Conditions of confirm');
    await expect
      .poll(() => confirm.allTextContents(), { timeout: PROGRESS_TIMEOUT_MS })
      .toEqual(['waits 1m, not met', 'or waits for event order:confirmed, not met']);
    await graph
      .locator('li')
      .filter({ has: page.locator('[data-task-node="confirm"]') })
      .getByText('Waiting', { exact: true })
      .waitFor({ timeout: PROGRESS_TIMEOUT_MS });
    expect(await lines('Conditions of review').allTextContents()).toEqual([
      expect.stringMatching(/^waits 2s, /),
    ]);
    // A parent's condition is on the edge from that parent.
    expect(await lines('Conditions of large-order on received').allTextContents()).toEqual([
      expect.stringMatching(/^skip if output\.amount <= 100, /),
    ]);

    // The order is small: `large-order` is skipped, drawn as such, never as failed.
    const largeOrder = graph.locator('li').filter({
      has: page.locator('[data-task-node="large-order"]'),
    });
    await largeOrder
      .getByText('Skipped', { exact: true })
      .waitFor({ timeout: PROGRESS_TIMEOUT_MS });
    expect(await largeOrder.locator('[data-task-node]').textContent()).toBe('large-order: Skipped');

    // The panel of the waiting task: what it waits for, and since when.
    await graph.locator('[data-task-node="confirm"]').click();
    const panel = page.getByRole('dialog', { name: 'Task confirm' });
    const waiting = panel.getByRole('region', { name: 'Waiting for its conditions' });
    await waiting.getByText('Waiting since').waitFor();
    expect(await waiting.getByRole('listitem').allTextContents()).toEqual([
      'waits 1m, not met',
      'or waits for event order:confirmed, not met',
    ]);
    // The scheduler's "why is it waiting" is not shown beside it.
    expect(await panel.getByRole('region', { name: 'Why is this task waiting?' }).count()).toBe(0);

    // The event releases `confirm`: its panel shows the condition met, the run completes.
    await tenant.owner.api.request('POST', `/api/v1/tenants/${tenant.tenantId}/events`, {
      body: { key: 'order:confirmed', data: { orderId: 'o-e2e' } },
    });
    await panel
      .getByRole('region', { name: 'Its conditions let it run' })
      .getByText('or waits for event order:confirmed, met')
      .waitFor({ timeout: PROGRESS_TIMEOUT_MS });
    await expect
      .poll(() => page.getByTestId('run-status').textContent(), { timeout: PROGRESS_TIMEOUT_MS })
      .toBe('COMPLETED');
    expect(await runStatus(runId)).toBe('COMPLETED');
    await panel.getByRole('button', { name: 'Close' }).first().click();

    // The waterfall says the skipped task was skipped, rather than leaving its row empty.
    await page.getByRole('tab', { name: 'Waterfall' }).click();
    const skippedRow = page
      .getByRole('table', { name: 'Waterfall' })
      .locator('[data-waterfall-row="large-order"]');
    await skippedRow.getByText('Skipped', { exact: true }).waitFor();

    // The runs list: the skipped task's badge says Skipped.
    await page.goto(`/tenants/${tenant.tenantId}/runs`);
    const row = page.locator(`[data-run-row="${runId}"]`);
    await row.getByRole('button', { name: 'Show tasks' }).click();
    const taskRow = (name: string) =>
      page
        .locator('tr[data-run-row]')
        .filter({ has: page.getByRole('button', { name, exact: true }) });
    await taskRow('large-order').waitFor();
    expect(await taskRow('large-order').getByText('Skipped', { exact: true }).count()).toBe(1);
    expect(await taskRow('small-order').getByText('Succeeded', { exact: true }).count()).toBe(1);
  });
});
