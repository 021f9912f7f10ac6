/**
 * Flow control on the runs screens, against the real server with a real SDK worker
 * (e2e/fixtures/flow-control-worker): why a queued task waits, in the task panel and on the
 * runs list's status badge, for a task nobody serves (no worker) and for one whose
 * concurrency key another run holds; the Queue Metrics dialog's charts; a workflow's
 * concurrency limits on its page; which of a worker's labels match the tasks it serves.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  V1TaskStatus,
  V1TaskWaiting,
  V1WorkflowRunDetails,
  Worker,
  Workflow,
} from '@trellis/api-contract';
import { seedOwner } from './support/api';
import { waitForPath } from './support/browser';
import { runFixture } from './support/sdk';
import { useTenantFixture } from './support/tenant-fixture';

const prefix = `fc${Date.now().toString(36)}`;
const tenant = useTenantFixture({
  tenantName: 'Flow Control Tenant',
  workerPrefix: prefix,
  workerFixture: 'flow-control-worker',
});

/** A fresh page loads its route's chunk and first queries: a wait for behaviour, not timing. */
const FIRST_DATA_TIMEOUT_MS = 15_000;

/** Runs of the fixture's tasks: the unserved one, and two of one key (the second waits). */
let unservedRun: string;
let holderRun: string;
let waitingRun: string;

/** Starts a run of one of the fixture's tasks through the REST API. */
async function trigger(task: string, input: Record<string, unknown> = {}): Promise<string> {
  const details = await tenant.owner.api.request<V1WorkflowRunDetails>(
    'POST',
    `/api/v1/stable/tenants/${tenant.tenantId}/workflow-runs/trigger`,
    { body: { workflowName: `${prefix}-${task}`, input } },
  );
  return details.run.metadata.id;
}

/** Polls the API until `read` gives `expected` (the state a check starts from). */
async function until<T>(read: () => Promise<T>, expected: T, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (last === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} stayed ${String(last)}, expected ${String(expected)}`);
}

const runStatus = (runId: string) =>
  tenant.owner.api.request<V1TaskStatus>('GET', `/api/v1/stable/workflow-runs/${runId}/status`);

/** The one task of a standalone run. */
const taskOf = async (runId: string) =>
  (
    await tenant.owner.api.request<V1WorkflowRunDetails>(
      'GET',
      `/api/v1/stable/workflow-runs/${runId}`,
    )
  ).tasks[0]!.metadata.id;

const waitingReason = async (taskId: string) =>
  (await tenant.owner.api.request<V1TaskWaiting>('GET', `/api/v1/stable/tasks/${taskId}/waiting`))
    .reason;

beforeAll(async () => {
  expect(await runFixture(tenant.sdk, ['register'], 'REGISTERED')).toBe('');
  unservedRun = await trigger('unserved');
  holderRun = await trigger('per-key', { key: 'customer-1' });
  await until(() => runStatus(holderRun), 'RUNNING', 'the first run of the key');
  waitingRun = await trigger('per-key', { key: 'customer-1' });
  await until(
    async () => waitingReason(await taskOf(unservedRun)),
    'NO_WORKER',
    'the unserved task',
  );
  await until(
    async () => waitingReason(await taskOf(waitingRun)),
    'CONCURRENCY',
    'the second run of the key',
  );
});

/** The status badge of a queued row and the card it opens on hover. */
async function hoverStatus(page: Page, runId: string) {
  const row = page.locator(`[data-run-row="${runId}"]`);
  await row.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  await row.getByRole('button', { name: 'Queued: why is this task waiting?' }).hover();
  const card = page.getByRole('dialog').filter({ hasText: 'Why is this task waiting?' });
  await card.waitFor();
  return card;
}

describe('why a task waits', () => {
  it('tells on hover over a queued row: no worker, or a concurrency key held by another run', async () => {
    const page = await tenant.page();
    await page.goto(`/tenants/${tenant.tenantId}/runs`);

    let card = await hoverStatus(page, unservedRun);
    await card.getByText('No worker', { exact: true }).waitFor();
    await card.getByText(/^No worker is registered for /).waitFor();
    expect(await card.textContent()).toContain(`${prefix}-unserved`);
    await page.mouse.move(0, 0);
    await card.waitFor({ state: 'detached' });

    card = await hoverStatus(page, waitingRun);
    await card.getByText('Concurrency limit', { exact: true }).waitFor();
    await card
      .getByText('The concurrency key "customer-1" (input.key) is at its limit of 1')
      .waitFor();
    // The card stays open while the mouse moves into it, so its link can be followed.
    await card.getByRole('link', { name: holderRun }).click();
    await waitForPath(page, `/tenants/${tenant.tenantId}/runs/${holderRun}`);
  });

  it('explains a queued task in its panel and follows it until it starts', async () => {
    const page = await tenant.page();
    await page.goto(
      `/tenants/${tenant.tenantId}/runs/${unservedRun}?task=${await taskOf(unservedRun)}`,
    );
    let panel = page.getByRole('dialog', { name: `Task ${prefix}-unserved` });
    let why = panel.getByRole('region', { name: 'Why is this task waiting?' });
    await why.getByText('No worker', { exact: true }).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await why.textContent()).toContain(`Action${prefix}-unserved`);

    await page.goto(
      `/tenants/${tenant.tenantId}/runs/${waitingRun}?task=${await taskOf(waitingRun)}`,
    );
    panel = page.getByRole('dialog', { name: `Task ${prefix}-per-key` });
    why = panel.getByRole('region', { name: 'Why is this task waiting?' });
    await why.getByText('Concurrency limit', { exact: true }).waitFor({
      timeout: FIRST_DATA_TIMEOUT_MS,
    });
    const details = why.getByRole('definition');
    expect(await details.allTextContents()).toEqual([
      'customer-1',
      'input.key',
      'Group round robin',
      '1',
      holderRun,
    ]);
    expect(await why.getByRole('link', { name: holderRun }).getAttribute('href')).toBe(
      `/tenants/${tenant.tenantId}/runs/${holderRun}`,
    );

    // The holder is cancelled: the key frees up, the task starts and the block goes away.
    await tenant.owner.api.request(
      'POST',
      `/api/v1/stable/tenants/${tenant.tenantId}/tasks/cancel`,
      {
        body: { externalIds: [holderRun] },
      },
    );
    await why.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => panel.getByTestId('task-status').textContent()).toBe('Running');
  });
});

describe('queue metrics', () => {
  it('draws the queued tasks per queue and per task and concurrency key', async () => {
    // A second run of a key the first holds: something queued per key while the dialog is open.
    const holder = await trigger('per-key', { key: 'customer-2' });
    await until(() => runStatus(holder), 'RUNNING', 'the holder of customer-2');
    await trigger('per-key', { key: 'customer-2' });

    const page = await tenant.page();
    await page.goto(`/tenants/${tenant.tenantId}/runs`);
    await page.getByRole('button', { name: 'Queue metrics' }).click();
    const dialog = page.getByRole('dialog', { name: 'Queue Metrics' });

    const queues = dialog.getByRole('list', { name: 'Queued tasks per queue' });
    const unserved = queues.getByRole('listitem').filter({ hasText: `${prefix}-unserved` });
    await unserved.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await unserved.locator('svg rect').count()).toBeGreaterThan(1);

    const tasks = dialog.getByRole('list', { name: 'Queued and running per task' });
    const perKey = tasks.getByRole('listitem').filter({ hasText: `${prefix}-per-key` });
    await expect.poll(() => perKey.textContent()).toMatch(/\d+ running\s*\d+ queued/);

    const keys = dialog.getByRole('list', { name: `${prefix}-per-key per key of input.key` });
    await expect
      .poll(() => keys.getByRole('listitem').filter({ hasText: 'customer-2' }).textContent())
      .toMatch(/1 running\s*1 queued/);
    // Charts, not a JSON dump.
    expect(await dialog.locator('pre').count()).toBe(0);
  });

  it('says when nothing is queued', async () => {
    const other = await seedOwner(tenant.baseUrl, 'Idle Tenant');
    const page = await tenant.page(other);
    await page.goto(`/tenants/${other.tenant.metadata.id}/runs`);
    await page.getByRole('button', { name: 'Queue metrics' }).click();
    await page
      .getByRole('dialog', { name: 'Queue Metrics' })
      .getByText('Nothing is queued', { exact: true })
      .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  });
});

describe('workflow concurrency', () => {
  it('lists the concurrency limits a task declares on its workflow page', async () => {
    const list = await tenant.owner.api.request<{ rows: Workflow[] }>(
      'GET',
      `/api/v1/tenants/${tenant.tenantId}/workflows?name=${prefix}-per-key`,
    );
    const workflow = list.rows.find((row) => row.name === `${prefix}-per-key`)!;
    const page = await tenant.page();
    await page.goto(`/tenants/${tenant.tenantId}/workflows/${workflow.metadata.id}`);
    const table = page.getByRole('table', { name: 'Concurrency limits' });
    const row = table.getByRole('row').filter({ hasText: 'input.key' });
    await row.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await row.textContent()).toContain('Group round robin');
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('1');

    // A workflow without limits has no Concurrency section.
    const unserved = (
      await tenant.owner.api.request<{ rows: Workflow[] }>(
        'GET',
        `/api/v1/tenants/${tenant.tenantId}/workflows?name=${prefix}-unserved`,
      )
    ).rows[0]!;
    await page.goto(`/tenants/${tenant.tenantId}/workflows/${unserved.metadata.id}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Triggers' }).waitFor({
      timeout: FIRST_DATA_TIMEOUT_MS,
    });
    expect(await main.getByRole('heading', { name: 'Concurrency' }).count()).toBe(0);
  });
});

describe('worker label matches', () => {
  it('shows, per labelled task the worker serves, each label matched or not and the verdict', async () => {
    const workers = await tenant.owner.api.request<{ rows: Worker[] }>(
      'GET',
      `/api/v1/tenants/${tenant.tenantId}/worker`,
    );
    const worker = workers.rows.find((row) =>
      row.actions?.includes(`${prefix}-big-memory:${prefix}-big-memory`),
    )!;
    const page = await tenant.page();
    await page.goto(`/tenants/${tenant.tenantId}/workers/${worker.metadata.id}`);
    const list = page.getByRole('list', { name: 'Label matches' });
    await list.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    const big = list
      .getByRole('listitem')
      .filter({ hasText: `${prefix}-big-memory` })
      .first();
    expect(await big.getByTestId('label-verdict').textContent()).toBe('Eligible · score 150');
    const bigLabels = big.getByRole('list', { name: `Labels ${prefix}-big-memory asks for` });
    expect(await bigLabels.getByText('memory ≥ 2048').count()).toBe(1);
    expect(await bigLabels.getByLabel('not matched').count()).toBe(0);
    const gpu = list
      .getByRole('listitem')
      .filter({ hasText: `${prefix}-gpu-render` })
      .first();
    expect(await gpu.getByTestId('label-verdict').textContent()).toBe(
      'Not eligible: lacks a required label',
    );
    expect(await gpu.getByLabel('not matched').count()).toBe(1);
    expect(await gpu.textContent()).toContain('(missing)');
    // Its own labels are listed above.
    const labels = page.getByRole('list', { name: 'Worker labels' });
    expect(await labels.textContent()).toContain('memory:4096');
  });
});
