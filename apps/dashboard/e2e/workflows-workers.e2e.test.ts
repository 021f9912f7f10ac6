/**
 * Workflows and workers against the real server with a real SDK worker (e2e/fixtures):
 * the workflows list and search, a workflow's task graph, triggers and runs, the workers
 * list and a worker's detail with pause and resume (their runs tables: scoped-runs.e2e).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Worker, Workflow } from '@trellis/api-contract';
import type { SeededUser } from './support/api';
import { seedOwner } from './support/api';
import { launchBrowser, openPage, waitForPath } from './support/browser';
import type { SdkOptions, SdkProcess } from './support/sdk';
import { runWorkflow, startWorker } from './support/sdk';

const baseUrl = inject('baseUrl');
const grpcAddress = inject('grpcAddress');
let browser: Browser;
const contexts: BrowserContext[] = [];

let owner: SeededUser & { tenant: { metadata: { id: string } } };
let tenantId: string;
let sdk: SdkOptions;
let worker: SdkProcess | undefined;
const prefix = `shop${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await seedOwner(baseUrl, 'Workers Tenant');
  tenantId = owner.tenant.metadata.id;
  const token = await owner.api.createApiToken(tenantId, 'e2e worker');
  sdk = { baseUrl, grpcAddress, token, prefix, workerName: `${prefix}-worker` };
  worker = await startWorker(sdk);
  // Real runs through the SDK client, picked up by the worker above.
  expect(await runWorkflow(sdk, 'greet', { name: 'Ada' })).toEqual({ greeting: 'Hello, Ada!' });
  expect(await runWorkflow(sdk, 'pipeline', { n: 4 })).toMatchObject({
    summarize: { total: 9 },
  });
});
afterAll(async () => {
  await worker?.stop();
  await browser?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function pageFor(user: SeededUser): Promise<Page> {
  const { context, page } = await openPage(browser, baseUrl, {
    session: user.api,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  contexts.push(context);
  return page;
}

async function workflowByName(name: string): Promise<Workflow> {
  const list = await owner.api.request<{ rows: Workflow[] }>(
    'GET',
    `/api/v1/tenants/${tenantId}/workflows?name=${encodeURIComponent(name)}`,
  );
  const found = list.rows.find((row) => row.name === name);
  if (!found) throw new Error(`workflow ${name} not listed`);
  return found;
}

async function onlyWorker(): Promise<Worker> {
  const list = await owner.api.request<{ rows: Worker[] }>(
    'GET',
    `/api/v1/tenants/${tenantId}/worker`,
  );
  const found = list.rows.find((row) => row.name === `${prefix}-worker`);
  if (!found) throw new Error('worker not listed');
  return found;
}

describe('workflows', () => {
  it('lists the worker’s workflows and searches them by name, kept in the URL', async () => {
    const page = await pageFor(owner);
    await page.goto(`/tenants/${tenantId}/workflows`);
    const table = page.getByRole('table', { name: 'Workflows' });
    await table.getByRole('link', { name: `${prefix}-greet` }).waitFor();
    await table.getByRole('link', { name: `${prefix}-pipeline` }).waitFor();
    expect(await table.getByText('Active').count()).toBe(2);

    await page.getByLabel('Search workflows by name').fill('PIPE');
    await waitForPath(page, /workflows-workflows-table=/);
    await table.getByRole('link', { name: `${prefix}-greet` }).waitFor({ state: 'detached' });
    await table.getByRole('link', { name: `${prefix}-pipeline` }).waitFor();
    const url = new URL(page.url());
    expect(JSON.parse(url.searchParams.get('workflows-workflows-table') ?? '{}')).toEqual({
      s: 'PIPE',
    });

    // The search survives a reload.
    await page.reload();
    expect(await page.getByLabel('Search workflows by name').inputValue()).toBe('PIPE');
    await table.getByRole('link', { name: `${prefix}-pipeline` }).waitFor();
    expect(await table.getByRole('link', { name: `${prefix}-greet` }).count()).toBe(0);

    await page.getByLabel('Search workflows by name').fill('no-such-workflow');
    await table.getByText('No workflows match "no-such-workflow"').waitFor();
  });

  it('shows a workflow’s task graph, triggers, runs and version', async () => {
    const workflow = await workflowByName(`${prefix}-pipeline`);
    const page = await pageFor(owner);
    await page.goto(`/tenants/${tenantId}/workflows`);
    await page.getByRole('link', { name: `${prefix}-pipeline` }).click();
    await waitForPath(page, `/tenants/${tenantId}/workflows/${workflow.metadata.id}`);

    await page.getByRole('heading', { level: 1, name: `${prefix}-pipeline` }).waitFor();
    await page.getByText(workflow.metadata.id).first().waitFor();
    await page.getByRole('button', { name: 'Copy workflow ID' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(workflow.metadata.id);

    // The DAG: both tasks as nodes, one edge from parent to child.
    const graph = page.getByRole('group', { name: 'Task graph: 2 tasks' });
    await graph.getByRole('listitem', { name: 'Task fetch' }).waitFor();
    await graph.getByRole('listitem', { name: 'Task summarize' }).waitFor();
    expect(await graph.locator('[data-edge="fetch->summarize"]').count()).toBe(1);
    await graph.getByRole('listitem', { name: 'Task fetch' }).getByText('30s').waitFor();
    const fetchBox = await graph.getByRole('listitem', { name: 'Task fetch' }).boundingBox();
    const summarizeBox = await graph
      .getByRole('listitem', { name: 'Task summarize' })
      .boundingBox();
    expect(summarizeBox!.x).toBeGreaterThan(fetchBox!.x + fetchBox!.width);

    // Triggers: the event key and the cron with its description.
    await page
      .getByRole('list', { name: 'Event triggers' })
      .getByText(`${prefix}:order.created`)
      .waitFor();
    const crons = page.getByRole('list', { name: 'Cron triggers' });
    await crons.getByText('0 9 * * 1-5').waitFor();
    await crons.getByText('Runs at 09:00, Monday through Friday').waitFor();

    // The run made through the SDK, linking to its run page.
    const runs = page.getByRole('region', { name: 'Runs' }).getByRole('table', { name: 'Runs' });
    await runs.getByText('Succeeded').first().waitFor();
    const runLink = runs.locator('[data-run-row] a[href*="/runs/"]').first();
    expect(await runLink.getAttribute('href')).toMatch(
      new RegExp(`^/tenants/${tenantId}/runs/[0-9a-f-]{36}$`),
    );

    await page.getByText('Version ID').waitFor();

    // Trigger Workflow opens Trigger Run with this workflow chosen (and nothing else offered).
    await page.getByRole('button', { name: 'Trigger Workflow' }).click();
    const dialog = page.getByRole('dialog', { name: 'Trigger Run' });
    const select = dialog.getByLabel('Workflow', { exact: true });
    expect(await select.inputValue()).toBe(workflow.metadata.id);
    expect(await select.locator('option').allTextContents()).toEqual([`${prefix}-pipeline`]);
  });

  it('shows the not-found state for an unknown workflow', async () => {
    const page = await pageFor(owner);
    await page.goto(`/tenants/${tenantId}/workflows/00000000-0000-4000-8000-000000000000`);
    await page.getByText('Workflow not found').waitFor();
    await page.getByRole('link', { name: 'Back to workflows' }).click();
    await waitForPath(page, `/tenants/${tenantId}/workflows`);
  });
});

describe('workers', () => {
  it('lists the connected worker with its status, slots, SDK and labels', async () => {
    const page = await pageFor(owner);
    await page.goto(`/tenants/${tenantId}/workers/all`);
    await waitForPath(page, `/tenants/${tenantId}/workers`);
    const table = page.getByRole('table', { name: 'Workers' });
    const row = table.getByRole('row').filter({ hasText: `${prefix}-worker` });
    await row.getByText('Active').waitFor();
    await row.getByText('0 / 5').waitFor();
    // The SDK as the API reports it: the language, and the SDK version when the server has it.
    const { runtimeInfo } = await onlyWorker();
    expect(runtimeInfo?.language).toBe('TYPESCRIPT');
    await row
      .getByText(
        runtimeInfo?.sdkVersion ? `TypeScript SDK ${runtimeInfo.sdkVersion}` : 'TypeScript',
      )
      .waitFor();
    await row.getByText('region:eu-west').waitFor();

    // Filtering on Inactive only hides it.
    // The filter lives in the URL, so each click settles before the next.
    const toggle = async (name: RegExp, checked: boolean) => {
      const box = page.getByRole('checkbox', { name });
      await box.click();
      await expect.poll(() => box.isChecked()).toBe(checked);
    };
    await toggle(/^Active/, false);
    await toggle(/^Paused/, false);
    await table.getByText('No workers found').waitFor();
    expect(new URL(page.url()).searchParams.get('workers-table')).toBe('{"s":[]}');
    await toggle(/^Active/, true);
    await row.getByText('Active').waitFor();
  });

  it('shows the worker’s detail and pauses and resumes it', async () => {
    const current = await onlyWorker();
    const page = await pageFor(owner);
    await page.goto(`/tenants/${tenantId}/workers`);
    await page.getByRole('link', { name: `${prefix}-worker` }).click();
    await waitForPath(page, `/tenants/${tenantId}/workers/${current.metadata.id}`);
    await page.getByRole('heading', { level: 1, name: `${prefix}-worker` }).waitFor();
    const status = page.getByTestId('worker-status');
    await status.getByText('Active').waitFor();

    await page.getByRole('region', { name: 'Slots' }).getByText('0 / 5').waitFor();
    const runtime = page.getByRole('region', { name: 'Runtime' });
    await runtime.getByText(/^TypeScript/).waitFor();
    await runtime.getByText(current.runtimeInfo?.os ?? 'N/A', { exact: true }).waitFor();
    await page.getByRole('list', { name: 'Worker labels' }).getByText('tier:e2e').waitFor();
    const workflows = page.getByRole('list', { name: 'Registered workflows' });
    await workflows.getByRole('link', { name: `${prefix}-greet` }).waitFor();
    await workflows.getByRole('link', { name: `${prefix}-pipeline` }).waitFor();
    await page
      .getByRole('list', { name: 'Actions' })
      .getByText(`${prefix}-greet:${prefix}-greet`)
      .waitFor();

    // The tasks it ran for the runs made through the SDK.
    const tasks = page.getByRole('region', { name: 'Tasks' }).getByRole('table', { name: 'Runs' });
    await tasks.getByText(`${prefix}-greet`, { exact: true }).first().waitFor();
    await tasks.getByText('Succeeded').first().waitFor();

    // Pause, confirmed in a dialog.
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`Pause ${prefix}-worker?`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Pause worker' }).click();
    await status.getByText('Paused').waitFor();
    expect((await onlyWorker()).status).toBe('PAUSED');
    await page.getByText('This worker is paused').waitFor();

    // The list shows it paused as well.
    await page.getByRole('link', { name: 'Workers', exact: true }).first().click();
    await page
      .getByRole('table', { name: 'Workers' })
      .getByRole('row')
      .filter({ hasText: `${prefix}-worker` })
      .getByText('Paused')
      .waitFor();
    await page.goBack();

    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Resume worker' }).click();
    await status.getByText('Active').waitFor();
    expect((await onlyWorker()).status).toBe('ACTIVE');
  });
});

describe('workflow actions', () => {
  it('pauses and unpauses a workflow after confirmation', async () => {
    const workflow = await workflowByName(`${prefix}-pipeline`);
    const page = await pageFor(owner);
    await page.goto(`/tenants/${tenantId}/workflows/${workflow.metadata.id}`);
    const header = page.getByTestId('workflow-state');
    await header.getByText('Active').waitFor();

    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`Pause ${prefix}-pipeline?`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Pause' }).click();
    await header.getByText('Paused').waitFor();
    await page.getByText('This workflow is paused').waitFor();
    expect((await workflowByName(`${prefix}-pipeline`)).isPaused).toBe(true);

    // The list shows it paused too.
    await page.goto(`/tenants/${tenantId}/workflows`);
    await page
      .getByRole('table', { name: 'Workflows' })
      .getByRole('row')
      .filter({ hasText: `${prefix}-pipeline` })
      .getByText('Paused')
      .waitFor();

    await page.goto(`/tenants/${tenantId}/workflows/${workflow.metadata.id}`);
    await page.getByRole('button', { name: 'Unpause', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Unpause' }).click();
    await header.getByText('Active').waitFor();
    expect((await workflowByName(`${prefix}-pipeline`)).isPaused).toBe(false);
  });

  it('deletes a workflow after a confirmation that names it, then shows the list', async () => {
    const workflow = await workflowByName(`${prefix}-greet`);
    const page = await pageFor(owner);
    await page.goto(`/tenants/${tenantId}/workflows/${workflow.metadata.id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`Delete ${prefix}-greet?`, { exact: false }).waitFor();
    // Cancel leaves it alone.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete workflow' }).click();

    await waitForPath(page, `/tenants/${tenantId}/workflows`);
    const table = page.getByRole('table', { name: 'Workflows' });
    await table.getByRole('link', { name: `${prefix}-pipeline` }).waitFor();
    expect(await table.getByRole('link', { name: `${prefix}-greet` }).count()).toBe(0);
    await owner.api.request('GET', `/api/v1/workflows/${workflow.metadata.id}`, {
      expect: [404],
    });
  });
});
