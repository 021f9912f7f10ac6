/**
 * A durable task's event log in the task panel, with a real SDK worker (e2e/fixtures/
 * runs-worker, `<prefix>-checkout`: `ctx.now()`, a one-second sleep, then a wait for an
 * event that its filter accepts): the timeline shows the memo and the sleep done and the
 * event wait open; an event the filter refuses leaves it open, the one it accepts completes
 * it with that event's payload, and the run completes.
 */
import { describe, expect, it } from 'vitest';
import type { V1TaskStatus, V1WorkflowRunDetails } from '@trellis/api-contract';
import { useTenantFixture } from './support/tenant-fixture';

const prefix = `durable${Date.now().toString(36)}`;
const tenant = useTenantFixture({
  tenantName: 'Durable Tenant',
  workerPrefix: prefix,
  workerFixture: 'runs-worker',
});
const eventKey = `${prefix}-paid`;

/**
 * How long a poll waits for a screen's first data, or for the worker to reach its wait: a
 * bound on a wait for behaviour, not a timing check.
 */
const FIRST_DATA_TIMEOUT_MS = 15_000;

async function runStatus(runId: string): Promise<V1TaskStatus> {
  return tenant.owner.api.request<V1TaskStatus>(
    'GET',
    `/api/v1/stable/workflow-runs/${runId}/status`,
  );
}

/** Pushes an event through the REST API, as a client would. */
async function pushEvent(data: Record<string, unknown>): Promise<void> {
  await tenant.owner.api.request('POST', `/api/v1/tenants/${tenant.tenantId}/events`, {
    body: { key: eventKey, data },
  });
}

describe('durable event log', () => {
  it('shows the log as a timeline, an open wait, then the event that met it', async () => {
    const details = await tenant.owner.api.request<V1WorkflowRunDetails>(
      'POST',
      `/api/v1/stable/tenants/${tenant.tenantId}/workflow-runs/trigger`,
      { body: { workflowName: `${prefix}-checkout`, input: {} } },
    );
    const runId = details.run.metadata.id;

    const page = await tenant.page();
    await page.goto(`/tenants/${tenant.tenantId}/runs/${runId}`);
    await page
      .getByRole('group', { name: /Task graph/ })
      .getByRole('button')
      .first()
      .click();
    const panel = page.getByRole('dialog', { name: `Task ${prefix}-checkout` });
    const timeline = panel.getByRole('list', { name: 'Durable event log, in call order' });
    const node = (text: string) => timeline.getByRole('listitem').filter({ hasText: text });

    // The worker asked the time, slept, and now waits for the event its filter accepts.
    const wait = node(`Wait for event ${eventKey} where input.ok == true`);
    await wait.getByText('Waiting since').waitFor({ timeout: 30_000 });
    await expect.poll(() => wait.textContent()).toContain('invocation 1');
    const memo = node('Memo: now()');
    await memo.getByText('Returned').waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await node('Sleep 1s').getByText('the sleep of 1s').waitFor();
    expect(await runStatus(runId)).toBe('RUNNING');

    // An event the filter refuses does not meet the wait; the one it accepts does.
    await pushEvent({ ok: false, amount: 1 });
    await pushEvent({ ok: true, amount: 5 });
    await wait.getByText('Met by').waitFor({ timeout: 30_000 });
    // The payload is folded away until asked for.
    const payload = wait.getByLabel(`Payload of ${eventKey}`, { exact: true });
    expect(await payload.isVisible()).toBe(false);
    await wait.getByText(`Payload of ${eventKey}`, { exact: true }).click();
    expect(await payload.textContent()).toContain('"amount": 5');

    await expect
      .poll(() => page.getByTestId('run-status').textContent(), { timeout: 30_000 })
      .toBe('COMPLETED');
    expect(await wait.getByText('Waiting since').count()).toBe(0);
  });
});
