/**
 * The runs tables of workflow detail and worker detail, with a real SDK worker
 * (e2e/fixtures/sdk-worker): each lists only that workflow's runs, or the tasks that worker
 * ran, with status counts, filters kept in the URL under the table's own keys, and pages.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Worker, Workflow } from '@trellis/api-contract';
import { useTenantFixture } from './support/tenant-fixture';

const prefix = `scoped${Date.now().toString(36)}`;
const fx = useTenantFixture({ tenantName: 'Scoped Runs Tenant', workerPrefix: prefix });
/** One more than the smallest page: a second page of one run. */
const GREETS = 26;
/** Greet runs tagged `batch:a`, the rest `batch:b`. */
const BATCH_A = 3;
let greet: Workflow;
let pipeline: Workflow;
let workerId: string;

/** Bounds a wait for a screen's first data on a busy machine; not a timing check. */
const FIRST_DATA_TIMEOUT_MS = 15_000;

beforeAll(async () => {
  const owner = fx.owner;
  const tenantId = fx.tenantId;
  const since = new Date(Date.now() - 60_000).toISOString();
  const trigger = (workflowName: string, additionalMetadata: Record<string, string>) =>
    owner.api.request('POST', `/api/v1/stable/tenants/${tenantId}/workflow-runs/trigger`, {
      body: { workflowName, input: { name: 'Ada', n: 2 }, additionalMetadata },
    });
  for (let index = 0; index < GREETS; index++) {
    await trigger(`${prefix}-greet`, { batch: index < BATCH_A ? 'a' : 'b' });
  }
  await trigger(`${prefix}-pipeline`, { batch: 'a' });
  // Every run done, so counts and pages hold still.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const counts = await owner.api.request<{ status: string; count: number }[]>(
      'GET',
      `/api/v1/stable/tenants/${tenantId}/task-metrics?since=${since}`,
    );
    if (counts.find((row) => row.status === 'COMPLETED')?.count === GREETS + 1) break;
    if (Date.now() > deadline) throw new Error(`runs not done: ${JSON.stringify(counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const workflows = await owner.api.request<{ rows: Workflow[] }>(
    'GET',
    `/api/v1/tenants/${tenantId}/workflows`,
  );
  greet = workflows.rows.find((row) => row.name === `${prefix}-greet`)!;
  pipeline = workflows.rows.find((row) => row.name === `${prefix}-pipeline`)!;
  const workers = await owner.api.request<{ rows: Worker[] }>(
    'GET',
    `/api/v1/tenants/${tenantId}/worker`,
  );
  workerId = workers.rows.find((row) => row.name === `${prefix}-worker`)!.metadata.id;
});
const signedInPage = () => fx.page();

const param = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

describe('runs tables inside detail pages', () => {
  it("lists a workflow's runs only, counts them, filters and pages them", async () => {
    const page = await signedInPage();
    await page.goto(`/tenants/${fx.tenantId}/workflows/${greet.metadata.id}`);
    const section = page.getByRole('region', { name: 'Runs' });
    const table = section.getByRole('table', { name: 'Runs' });
    const rows = table.locator('[data-run-row]');
    await expect.poll(() => rows.count(), { timeout: FIRST_DATA_TIMEOUT_MS }).toBe(GREETS);
    // Only this workflow's: the pipeline's run is not among them, nor counted.
    expect(await table.getByText(`${prefix}-pipeline`).count()).toBe(0);
    await section.getByRole('button', { name: `${GREETS} Succeeded` }).waitFor();
    // No tenant-wide chart or queue metrics in a workflow's table.
    expect(await section.getByText('Queue metrics').count()).toBe(0);

    // Pages of 25: the second one holds the last run; the page is in the table's own key.
    const pages = section.getByRole('navigation', { name: 'Pagination' });
    await pages.getByLabel('Rows per page').selectOption('25');
    await expect.poll(() => rows.count()).toBe(25);
    await pages.getByText('Page 1 of 2').waitFor();
    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(JSON.parse(param(page, `pagination-runs-table-workflow-${greet.metadata.id}`)!)).toEqual(
      { i: 1, s: 25 },
    );

    // A metadata filter narrows the list and goes back to the first page.
    await section.getByRole('button', { name: /^Filters/ }).click();
    // The workflow is fixed: no Workflow filter to pick another.
    expect(await page.getByLabel(`${prefix}-pipeline`).count()).toBe(0);
    await page.getByLabel('Metadata key').fill('batch');
    await page.getByLabel('Metadata value').fill('a');
    await page.getByRole('button', { name: 'Add Filter' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => rows.count()).toBe(BATCH_A);
    expect(JSON.parse(param(page, `workflow-${greet.metadata.id}-workflow-runs-filters`)!)).toEqual(
      { m: ['batch:a'] },
    );
    // The runs page's own keys are left alone.
    expect(param(page, 'workflow-runs-main-workflow-runs-filters')).toBeNull();

    // The filter survives a reload.
    await page.reload();
    await expect.poll(() => rows.count(), { timeout: FIRST_DATA_TIMEOUT_MS }).toBe(BATCH_A);
  });

  it('lists the tasks a worker ran, counts their runs, filters by workflow and pages them', async () => {
    const page = await signedInPage();
    await page.goto(`/tenants/${fx.tenantId}/workers/${workerId}`);
    const section = page.getByRole('region', { name: 'Tasks' });
    const table = section.getByRole('table', { name: 'Runs' });
    const rows = table.locator('[data-run-row]');
    // Task rows: every greet, and both tasks of the pipeline.
    const tasks = GREETS + 2;
    await expect.poll(() => rows.count(), { timeout: FIRST_DATA_TIMEOUT_MS }).toBe(tasks);
    // The counts are of runs with a task on this worker.
    await section.getByRole('button', { name: `${GREETS + 1} Succeeded` }).waitFor();

    const pages = section.getByRole('navigation', { name: 'Pagination' });
    await pages.getByLabel('Rows per page').selectOption('25');
    await pages.getByText('Page 1 of 2').waitFor();
    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => rows.count()).toBe(tasks - 25);

    await section.getByRole('button', { name: /^Filters/ }).click();
    // Task rows only: nothing to flatten.
    expect(await page.getByLabel('Flatten DAGs').count()).toBe(0);
    await page.getByLabel(`${prefix}-pipeline`).check();
    await page.keyboard.press('Escape');
    await expect.poll(() => rows.count()).toBe(2);
    expect(JSON.parse(param(page, `worker-${workerId}-workflow-runs-filters`)!)).toEqual({
      w: [pipeline.metadata.id],
    });
    // A new filter starts again at the first page.
    expect(param(page, `pagination-runs-table-worker-${workerId}`)).toBeNull();
  });
});
