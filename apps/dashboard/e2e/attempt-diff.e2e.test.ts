/**
 * The attempt diff of a retried task (e2e/fixtures/runs-worker, `<prefix>-retried`: fails its
 * first attempt, succeeds on its retry), with a real SDK worker: run detail's "Compare
 * attempts" (in the task's panel) loads the diff only when opened and shows both attempts side by side, the first
 * one's error and the second one's output marked as what differs.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { V1WorkflowRunDetails } from '@trellis/api-contract';
import { useTenantFixture } from './support/tenant-fixture';

const prefix = `diff${Date.now().toString(36)}`;
const fx = useTenantFixture({
  tenantName: 'Attempt Diff Tenant',
  workerPrefix: prefix,
  workerFixture: 'runs-worker',
});
let runId: string;
const taskName = `${prefix}-retried`;
const ERROR = 'retried failure: the first attempt always fails';

/**
 * How long a poll waits for a screen's first data: a fresh page loads its route's chunk and
 * first queries, which took over 5 s on a busy CI machine. It bounds a wait for behaviour and
 * is not a timing check.
 */
const FIRST_DATA_TIMEOUT_MS = 15_000;

beforeAll(async () => {
  const details = await fx.owner.api.request<V1WorkflowRunDetails>(
    'POST',
    `/api/v1/stable/tenants/${fx.tenantId}/workflow-runs/trigger`,
    { body: { workflowName: taskName, input: {} } },
  );
  runId = details.run.metadata.id;
  await fx.owner.api.waitForRunStatus(runId, 'COMPLETED');
});

/** A page signed in as the owner, at `width` (the fixture's page is wide). */
async function signedInPage(width = 1440): Promise<Page> {
  const page = await fx.page();
  if (width !== 1440) await page.setViewportSize({ width, height: 900 });
  return page;
}

/** Run detail with the retried task's panel open, from the run's activity. */
async function openTaskPanel(page: Page) {
  await page.goto(`/tenants/${fx.tenantId}/runs/${runId}`);
  await page
    .getByRole('table', { name: 'Run activity' })
    .locator('[data-event="FAILED"]')
    .getByRole('button', { name: taskName })
    .click({ timeout: FIRST_DATA_TIMEOUT_MS });
  return page.getByRole('dialog', { name: `Task ${taskName}` });
}

/** The text of a field's lines that are marked as changed, in one attempt's pane. */
async function changedLines(page: Page, field: string, attempt: number): Promise<string[]> {
  return page
    .locator(`[data-diff-field="${field}"] [data-attempt-pane="${attempt}"] [data-changed]`)
    .evaluateAll((lines) =>
      lines.map((line) => (line.textContent ?? '').replace(/^[−+ ]?Changed: /, '').trim()),
    );
}

describe('the attempt diff of a retried task', () => {
  it('compares the failed attempt with the retry, marking the error and the output', async () => {
    const page = await signedInPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const panel = await openTaskPanel(page);
    const compare = panel.getByRole('button', { name: 'Compare attempts' });
    await compare.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    // The diff (and its library) is not loaded until it is opened.
    expect(scripts.some((url) => url.includes('attempt-diff-dialog'))).toBe(false);

    // Keyboard reachable: focus the action and press Enter.
    await compare.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Compare attempts of ${taskName}` });
    await dialog.getByLabel('Attempt comparison').waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(scripts.some((url) => url.includes('attempt-diff-dialog'))).toBe(true);

    // The last two attempts, oldest on the left.
    expect(await dialog.getByLabel('First attempt').inputValue()).toBe('1');
    expect(await dialog.getByLabel('Second attempt').inputValue()).toBe('2');
    expect(await dialog.getByLabel('Second attempt').locator('option:checked').textContent()).toBe(
      'Attempt 2 (retry)',
    );

    const same = (field: string) =>
      dialog.locator(`[data-diff-field="${field}"]`).getAttribute('data-same');
    expect(await same('Status')).toBe('false');
    expect(await same('Error')).toBe('false');
    expect(await same('Output')).toBe('false');
    expect(await same('Events')).toBe('false');
    // A retry runs on the same input.
    expect(await same('Input')).toBe('true');

    // The first attempt's error is marked; the retry has none.
    expect((await changedLines(page, 'Error', 1)).join('\n')).toContain(ERROR);
    await dialog
      .locator('[data-diff-field="Error"] [data-attempt-pane="2"]')
      .getByText('No error')
      .waitFor();
    // The retry's output is marked; the failed attempt has none, and says why.
    expect(await changedLines(page, 'Output', 2)).toContain('"attempt": 2');
    await dialog
      .locator('[data-diff-field="Output"] [data-attempt-pane="1"]')
      .getByText('No output: the attempt failed.')
      .waitFor();
    // How each attempt ended differs in its events.
    expect(
      await dialog
        .locator('[data-diff-field="Events"] [data-attempt-pane="1"] [data-changed]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-event'))),
    ).toContain('FAILED');
    expect(
      await dialog
        .locator('[data-diff-field="Events"] [data-attempt-pane="2"] [data-changed]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-event'))),
    ).toContain('FINISHED');

    // Picking the same attempt twice shows nothing different.
    await dialog.getByLabel('First attempt').selectOption('2');
    await expect.poll(() => same('Output')).toBe('true');
    expect(await same('Error')).toBe('true');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('stacks the two attempts on a phone, each labelled', async () => {
    const page = await signedInPage(375);
    const panel = await openTaskPanel(page);
    await panel
      .getByRole('button', { name: 'Compare attempts' })
      .click({ timeout: FIRST_DATA_TIMEOUT_MS });
    const dialog = page.getByRole('dialog', { name: `Compare attempts of ${taskName}` });
    const error = dialog.locator('[data-diff-field="Error"]');
    await error.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    const [first, second] = await Promise.all(
      [1, 2].map((attempt) => error.locator(`[data-attempt-pane="${attempt}"]`).boundingBox()),
    );
    expect(second!.y).toBeGreaterThan(first!.y);
    await error.getByText('Attempt 1', { exact: true }).waitFor();
    // The dialog fits the screen and nothing in it is wider than the dialog.
    expect(
      await dialog.evaluate(
        (element) =>
          element.getBoundingClientRect().right <= 375 &&
          element.scrollWidth <= element.clientWidth,
      ),
    ).toBe(true);
  });
});
