/**
 * A task that fails its first attempt and succeeds on its retry (e2e/fixtures/runs-worker,
 * `<prefix>-retried`), with a real SDK worker: the run's activity table and the task's events
 * show the failed attempt with its error and the retry, the waterfall draws both attempts on
 * the task's row, and the run's duration is the time its task really took.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { V1WorkflowRunDetails } from '@trellis/api-contract';
import type { SeededUser } from './support/api';
import { seedOwner } from './support/api';
import { launchBrowser, openPage } from './support/browser';
import type { SdkProcess } from './support/sdk';
import { startWorker } from './support/sdk';

const baseUrl = inject('baseUrl');
const grpcAddress = inject('grpcAddress');
let browser: Browser;
const contexts: BrowserContext[] = [];

let owner: SeededUser & { tenant: { metadata: { id: string } } };
let tenantId: string;
let worker: SdkProcess | undefined;
let runId: string;
const prefix = `attempts${Date.now().toString(36)}`;
const taskName = `${prefix}-retried`;
const ERROR = 'retried failure: the first attempt always fails';

/**
 * How long a poll waits for a screen's first data: a fresh page loads its route's chunk and
 * first queries, which took over 5 s on a busy CI machine. It bounds a wait for behaviour and
 * is not a timing check.
 */
const FIRST_DATA_TIMEOUT_MS = 15_000;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await seedOwner(baseUrl, 'Attempts Tenant');
  tenantId = owner.tenant.metadata.id;
  const token = await owner.api.createApiToken(tenantId, 'e2e attempts worker');
  worker = await startWorker({ baseUrl, grpcAddress, token, prefix, fixture: 'runs-worker' });
  const details = await owner.api.request<V1WorkflowRunDetails>(
    'POST',
    `/api/v1/stable/tenants/${tenantId}/workflow-runs/trigger`,
    { body: { workflowName: taskName, input: {} } },
  );
  runId = details.run.metadata.id;
  await owner.api.waitForRunStatus(runId, 'COMPLETED');
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

/** Rows of an events table as "attempt:EVENT", top to bottom. */
async function eventRows(page: Page, table: string): Promise<string[]> {
  return page
    .getByRole('table', { name: table })
    .locator('[data-event]')
    .evaluateAll((rows) =>
      rows.map((row) => {
        const attempt = /\(attempt (\d+)\)/.exec(row.textContent ?? '')?.[1] ?? '?';
        return `${attempt}:${row.getAttribute('data-event')}`;
      }),
    );
}

describe('a retried task', () => {
  it('shows its failed attempt with the error, then the retry, in the run activity and the task events', async () => {
    const page = await signedInPage();
    await page.goto(`/tenants/${tenantId}/runs/${runId}`);
    const activity = page.getByRole('table', { name: 'Run activity' });
    await activity.locator('[data-event="FINISHED"]').waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });

    // Newest first, each row labelled with its attempt: the first attempt failed, was
    // retried, and the second one was queued, ran and completed.
    const rows = await eventRows(page, 'Run activity');
    expect(rows[0]).toBe('2:FINISHED');
    const failed = rows.indexOf('1:FAILED');
    expect(rows.slice(failed - 2, failed + 1)).toEqual(['2:QUEUED', '1:RETRYING', '1:FAILED']);
    expect(rows).toContain('1:STARTED');
    expect(rows).toContain('2:STARTED');

    // The error sits on the FAILED row, its full text behind "View Error"; RETRYING says
    // which retry it is and carries no error of its own.
    const failedRow = activity.locator('[data-event="FAILED"]');
    await failedRow.getByText(ERROR).waitFor();
    const retryingRow = activity.locator('[data-event="RETRYING"]');
    await retryingRow.getByText('Retry 1 of 1').waitFor();
    expect(await retryingRow.getByText('View Error').count()).toBe(0);
    await failedRow.getByText('View Error').click();
    const popover = page.getByRole('dialog').filter({ hasText: 'Error Details' });
    await popover.getByText(ERROR).first().waitFor();
    await page.keyboard.press('Escape');

    // The task's own events: one row per attempt and event, the failed attempt included.
    await activity.locator('[data-event="FAILED"]').getByRole('button', { name: taskName }).click();
    const panel = page.getByRole('dialog', { name: `Task ${taskName}` });
    const taskEvents = panel.getByRole('table', { name: 'Task events' });
    await taskEvents.locator('[data-event="FAILED"]').getByText(ERROR).waitFor();
    const taskRows = await eventRows(page, 'Task events');
    const taskFailed = taskRows.indexOf('1:FAILED');
    expect(taskRows.slice(taskFailed - 2, taskFailed + 1)).toEqual([
      '2:QUEUED',
      '1:RETRYING',
      '1:FAILED',
    ]);
  });

  it('draws both attempts on its waterfall row, the failed one with its error', async () => {
    const page = await signedInPage();
    await page.goto(`/tenants/${tenantId}/runs/${runId}?tab=waterfall`);
    const row = page
      .getByRole('table', { name: 'Waterfall' })
      .locator(`[data-waterfall-row="${taskName}"]`);
    await row.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    const attempts = row.locator('[data-attempt]');
    await expect.poll(() => attempts.count(), { timeout: FIRST_DATA_TIMEOUT_MS }).toBe(2);
    expect(
      await attempts.evaluateAll((bars) =>
        bars.map((bar) => `${bar.getAttribute('data-attempt')}:${bar.getAttribute('data-status')}`),
      ),
    ).toEqual(['1:FAILED', '2:COMPLETED']);
    expect(await attempts.first().getAttribute('aria-label')).toMatch(
      new RegExp(`^${taskName}, attempt 1 failed: queued`),
    );

    // Each attempt explains itself on hover.
    await attempts.first().hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.getByText('Attempt 1 · Failed').waitFor();
    await tooltip.getByText(`Error: ${ERROR}`).waitFor();
  });

  it('reports how long the run really took, in its header and in the runs list', async () => {
    const page = await signedInPage();
    await page.goto(`/tenants/${tenantId}/runs/${runId}`);
    // Both attempts sleep before they end, on the worker's clock: the run took some time.
    const took = page.getByText(/^Run took /);
    await took.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await took.textContent()).not.toBe('Run took 0ms');

    await page.goto(`/tenants/${tenantId}/runs`);
    const duration = page.locator(`[data-run-row="${runId}"] [data-duration]`);
    await duration.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await duration.textContent()).not.toBe('0ms');
  });
});
