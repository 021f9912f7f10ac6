/**
 * The runs screens against the real server with a real SDK worker (e2e/fixtures/runs-worker):
 * trigger a DAG from the dashboard and watch it queue, run and complete; its graph and
 * waterfall; a task's logs while it runs; cancel a long task; replay a failed one; bulk
 * cancel by filter with its count; filters that survive a reload.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { V1TaskStatus, V1WorkflowRunDetails, Workflow } from '@trellis/api-contract';
import type { SeededUser } from './support/api';
import { seedOwner } from './support/api';
import { launchBrowser, openPage, waitForPath } from './support/browser';
import type { SdkProcess } from './support/sdk';
import { startWorker } from './support/sdk';

const baseUrl = inject('baseUrl');
const grpcAddress = inject('grpcAddress');
let browser: Browser;
const contexts: BrowserContext[] = [];

let owner: SeededUser & { tenant: { metadata: { id: string } } };
let tenantId: string;
let worker: SdkProcess | undefined;
const prefix = `runs${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await seedOwner(baseUrl, 'Runs Tenant');
  tenantId = owner.tenant.metadata.id;
  const token = await owner.api.createApiToken(tenantId, 'e2e runs worker');
  worker = await startWorker({
    baseUrl,
    grpcAddress,
    token,
    prefix,
    workerName: `${prefix}-worker`,
    fixture: 'runs-worker',
  });
});
afterAll(async () => {
  await worker?.stop();
  await browser?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function signedInPage(): Promise<Page> {
  const { context, page } = await openPage(browser, baseUrl, {
    session: owner.api,
    viewport: { width: 1440, height: 900 },
  });
  contexts.push(context);
  return page;
}

/** Starts a run through the REST API, as a script would. */
async function trigger(
  workflow: string,
  input: Record<string, unknown> = {},
  additionalMetadata: Record<string, unknown> = {},
): Promise<string> {
  const details = await owner.api.request<V1WorkflowRunDetails>(
    'POST',
    `/api/v1/stable/tenants/${tenantId}/workflow-runs/trigger`,
    { body: { workflowName: `${prefix}-${workflow}`, input, additionalMetadata } },
  );
  return details.run.metadata.id;
}

async function runStatus(runId: string): Promise<V1TaskStatus> {
  return owner.api.request<V1TaskStatus>('GET', `/api/v1/stable/workflow-runs/${runId}/status`);
}

/**
 * How long a poll waits for a screen's first data. A fresh page loads its route's chunk and
 * first queries; on a busy CI machine that took longer than expect.poll's default 5 s. It
 * bounds a wait for behaviour and is not a timing check.
 */
const FIRST_DATA_TIMEOUT_MS = 15_000;

async function workflowId(name: string): Promise<string> {
  const list = await owner.api.request<{ rows: Workflow[] }>(
    'GET',
    `/api/v1/tenants/${tenantId}/workflows?name=${encodeURIComponent(`${prefix}-${name}`)}`,
  );
  const found = list.rows.find((row) => row.name === `${prefix}-${name}`);
  if (!found) throw new Error(`workflow ${name} not registered`);
  return found.metadata.id;
}

const runStatusBadge = (page: Page) => page.getByTestId('run-status');

describe('runs', () => {
  it('triggers a DAG from the dashboard and follows it from queued to completed, with its graph and waterfall', async () => {
    // Paused, the run waits in the queue until the test lets it go: "queued" is then certain.
    const etlId = await workflowId('etl');
    await owner.api.request('PATCH', `/api/v1/workflows/${etlId}`, { body: { isPaused: true } });

    const page = await signedInPage();
    await page.goto(`/tenants/${tenantId}/runs`);
    await page.getByRole('button', { name: 'Trigger Run' }).click();
    const dialog = page.getByRole('dialog', { name: 'Trigger Run' });
    await dialog.getByLabel('Workflow', { exact: true }).selectOption({ label: `${prefix}-etl` });
    const input = dialog.getByLabel('Input', { exact: true });
    // Checked live against the input schema the SDK registered.
    await input.fill('{"rows": "three"}');
    await expect
      .poll(() => dialog.getByText("Does not match the workflow's input schema").count(), {
        timeout: FIRST_DATA_TIMEOUT_MS,
      })
      .toBe(1);
    await expect(dialog.getByRole('button', { name: 'Run now' }).isDisabled()).resolves.toBe(true);
    await input.fill('{"rows": 3}');
    await dialog.getByText("Matches the workflow's input schema.").waitFor();
    await dialog.getByLabel('Additional Metadata').fill('{"case": "trigger"}');
    await dialog.getByRole('button', { name: 'Run now' }).click();

    await waitForPath(page, new RegExp(`^/tenants/${tenantId}/runs/[0-9a-f-]{36}$`));
    const runId = new URL(page.url()).pathname.split('/').at(-1)!;
    await expect
      .poll(() => runStatusBadge(page).textContent(), { timeout: FIRST_DATA_TIMEOUT_MS })
      .toBe('QUEUED');

    await owner.api.request('PATCH', `/api/v1/workflows/${etlId}`, { body: { isPaused: false } });
    await expect
      .poll(() => runStatusBadge(page).textContent(), { timeout: 20_000 })
      .toBe('RUNNING');
    await expect
      .poll(() => runStatusBadge(page).textContent(), { timeout: 30_000 })
      .toBe('COMPLETED');

    // The graph: one node per task.
    const graph = page.getByRole('group', { name: /Task graph/ });
    for (const task of ['extract', 'transform', 'load']) {
      await graph.locator(`[data-task-node="${task}"]`).waitFor();
    }
    // Metadata given in the dialog reached the run.
    await page.getByRole('tab', { name: 'Additional Metadata' }).click();
    await page.getByText('"trigger"').waitFor();

    // The waterfall, from the task timings, one row per task.
    await page.getByRole('tab', { name: 'Waterfall' }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('waterfall');
    const waterfall = page.getByRole('table', { name: 'Waterfall' });
    await waterfall.locator('[data-waterfall-row="load"]').waitFor();
    expect(await waterfall.locator('[data-waterfall-row]').count()).toBe(3);

    // A bar opens its task, with its output.
    await waterfall.getByRole('button', { name: /^transform: queued/ }).click();
    const panel = page.getByRole('dialog', { name: 'Task transform' });
    await panel.getByText('"rows": 6').waitFor();
    expect(new URL(page.url()).searchParams.get('task')).toBeTruthy();
    expect(await runStatus(runId)).toBe('COMPLETED');
  });

  it('tails the logs of a running task, then cancels it', async () => {
    const runId = await trigger('long');
    await owner.api.waitForRunStatus(runId, 'RUNNING');
    const page = await signedInPage();
    await page.goto(`/tenants/${tenantId}/runs/${runId}`);
    await expect
      .poll(() => runStatusBadge(page).textContent(), { timeout: FIRST_DATA_TIMEOUT_MS })
      .toBe('RUNNING');

    await page
      .getByRole('group', { name: /Task graph/ })
      .getByRole('button')
      .first()
      .click();
    const panel = page.getByRole('dialog', { name: `Task ${prefix}-long` });
    await panel.getByRole('tab', { name: 'Logs' }).click();
    const logs = panel.getByRole('log', { name: 'Task logs' });
    await logs.getByText('tick 1', { exact: true }).waitFor();
    // New lines keep arriving while it runs, without reopening anything.
    await logs.getByText('tick 8', { exact: true }).waitFor({ timeout: 15_000 });
    await panel.getByText('Live').waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByText('Cancel request submitted', { exact: true }).waitFor();
    await expect
      .poll(() => runStatusBadge(page).textContent(), { timeout: 20_000 })
      .toBe('CANCELLED');
  });

  it('replays a failed task and it succeeds', async () => {
    const runId = await trigger('flaky');
    await owner.api.waitForRunStatus(runId, 'FAILED');
    const page = await signedInPage();
    await page.goto(`/tenants/${tenantId}/runs/${runId}`);
    await expect
      .poll(() => runStatusBadge(page).textContent(), { timeout: FIRST_DATA_TIMEOUT_MS })
      .toBe('FAILED');
    await page
      .getByRole('region', { name: 'Error' })
      .getByText(/flaky failure/)
      .waitFor();

    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    await expect
      .poll(() => runStatusBadge(page).textContent(), { timeout: 20_000 })
      .toBe('COMPLETED');
    await page.getByRole('cell', { name: 'Replayed by user' }).first().waitFor();
  });

  it('cancels every run matching a filter after showing how many it will touch', async () => {
    const batch = `b${Date.now().toString(36)}`;
    const ids = [
      await trigger('long', {}, { batch }),
      await trigger('long', {}, { batch }),
      await trigger('long', {}, { batch }),
    ];
    await Promise.all(ids.map((id) => owner.api.waitForRunStatus(id, 'RUNNING')));

    const page = await signedInPage();
    const filters = encodeURIComponent(JSON.stringify({ m: [`batch:${batch}`] }));
    await page.goto(
      `/tenants/${tenantId}/runs?workflow-runs-main-workflow-runs-filters=${filters}`,
    );
    const table = page.getByRole('table', { name: 'Runs' });
    await expect
      .poll(() => table.locator('[data-run-row]').count(), { timeout: FIRST_DATA_TIMEOUT_MS })
      .toBe(3);

    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    await page.getByRole('menuitem', { name: /Cancel/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel runs' });
    await expect
      .poll(() => dialog.getByTestId('bulk-count').textContent(), {
        timeout: FIRST_DATA_TIMEOUT_MS,
      })
      .toMatch(/^3 runs match/);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Canceling 3 task runs', { exact: true }).waitFor({ timeout: 15_000 });
    for (const id of ids) await owner.api.waitForRunStatus(id, 'CANCELLED');
    await expect
      .poll(() => table.getByText('Cancelled', { exact: true }).count(), { timeout: 20_000 })
      .toBe(3);
  });

  it('keeps its filters in the URL across a reload', async () => {
    const page = await signedInPage();
    await page.goto(`/tenants/${tenantId}/runs`);
    await page.getByRole('list', { name: 'Task counts by status' }).waitFor();

    // A status badge narrows the list to that status.
    await page.getByRole('button', { name: /^\d+ Cancelled$/ }).click();
    await page.getByRole('button', { name: 'Filters (1 active)' }).click();
    await page.getByLabel('Time range', { exact: true }).selectOption('7d');
    await page.getByLabel('Flatten DAGs').check();
    await page.getByLabel('Metadata key').fill('case');
    await page.getByLabel('Metadata value').fill('trigger');
    await page.getByRole('button', { name: 'Add Filter' }).click();
    await page.keyboard.press('Escape');

    const expected = { tw: '7d', st: ['CANCELLED'], m: ['case:trigger'], f: true };
    const read = () =>
      JSON.parse(
        new URL(page.url()).searchParams.get('workflow-runs-main-workflow-runs-filters') ?? '{}',
      ) as unknown;
    await expect.poll(read, { timeout: FIRST_DATA_TIMEOUT_MS }).toEqual(expected);

    await page.reload();
    await page.getByRole('button', { name: 'Filters (4 active)' }).waitFor();
    expect(read()).toEqual(expected);
    expect(
      await page.getByRole('button', { name: /^\d+ Cancelled$/ }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(
      await page.getByRole('button', { name: /^\d+ Succeeded$/ }).getAttribute('aria-pressed'),
    ).toBe('false');
    await page.getByRole('button', { name: 'Filters (4 active)' }).click();
    expect(await page.getByLabel('Flatten DAGs').isChecked()).toBe(true);
    expect(await page.getByLabel('Time range', { exact: true }).inputValue()).toBe('7d');
  });
});
