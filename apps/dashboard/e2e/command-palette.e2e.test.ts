/**
 * The command palette and keyboard shortcuts against the real server with a real SDK worker
 * (e2e/fixtures/sdk-worker): Ctrl+K, paste a run id (and a task id) and land on the run's
 * page; an id nothing has; `?` lists the shortcuts; `g w` goes to the workflows and is ignored
 * while typing; a workflow found by name; the palette's code loads only when first opened.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { V1WorkflowRunDetails } from '@trellis/api-contract';
import { waitForPath } from './support/browser';
import { useTenantFixture } from './support/tenant-fixture';

const prefix = `palette${Date.now().toString(36)}`;
const fx = useTenantFixture({ tenantName: 'Palette Tenant', workerPrefix: prefix });
let run: V1WorkflowRunDetails;

beforeAll(async () => {
  run = await fx.owner.api.request<V1WorkflowRunDetails>(
    'POST',
    `/api/v1/stable/tenants/${fx.tenantId}/workflow-runs/trigger`,
    { body: { workflowName: `${prefix}-greet`, input: { name: 'Ada' } } },
  );
});

async function signedInPage(path = 'runs'): Promise<Page> {
  const page = await fx.page();
  await page.goto(`/tenants/${fx.tenantId}/${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await dialog.waitFor();
  return dialog;
}

describe('command palette', () => {
  it('loads its code only when first opened', async () => {
    const page = await fx.page();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`/tenants/${fx.tenantId}/runs`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(scripts.some((url) => /command-palette-[\w-]+\.js$/.test(url))).toBe(false);
    await openPalette(page);
    expect(scripts.some((url) => /command-palette-[\w-]+\.js$/.test(url))).toBe(true);
  });

  it('opens a pasted run id on Enter', async () => {
    const page = await signedInPage('workflows');
    const dialog = await openPalette(page);
    const input = dialog.getByRole('combobox');
    await expect(input.getAttribute('aria-controls')).resolves.toBeTruthy();
    await input.fill(run.run.metadata.id);
    await dialog.getByRole('option', { name: `Open run or task ${run.run.metadata.id}` }).waitFor();
    await page.keyboard.press('Enter');
    await waitForPath(page, `/tenants/${fx.tenantId}/runs/${run.run.metadata.id}`);
    await expect(dialog.isVisible()).resolves.toBe(false);
  });

  it("opens a pasted task id on its run's page", async () => {
    const taskId = run.tasks[0]?.metadata.id;
    expect(taskId).toBeTruthy();
    const page = await signedInPage();
    const dialog = await openPalette(page);
    await dialog.getByRole('combobox').fill(` ${taskId!.toUpperCase()} `);
    await page.keyboard.press('Enter');
    await waitForPath(page, `/tenants/${fx.tenantId}/runs/${run.run.metadata.id}`);
  });

  it('says so when nothing has the id', async () => {
    const page = await signedInPage();
    const dialog = await openPalette(page);
    const missing = '00000000-0000-4000-8000-000000000000';
    await dialog.getByRole('combobox').fill(missing);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe(`No run or task has the id ${missing}.`);
    expect(new URL(page.url()).pathname).toBe(`/tenants/${fx.tenantId}/runs`);
  });

  it('goes to a screen with arrow keys and Enter, and closes with Escape', async () => {
    const page = await signedInPage();
    let dialog = await openPalette(page);
    await dialog.getByRole('combobox').fill('cron');
    await expect
      .poll(() => dialog.getByRole('option', { selected: true }).textContent())
      .toContain('Cron Jobs');
    await page.keyboard.press('Enter');
    await waitForPath(page, `/tenants/${fx.tenantId}/cron-jobs`);
    dialog = await openPalette(page);
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => dialog.getByRole('option', { selected: true }).textContent())
      .toContain('Events');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('finds a workflow by name', async () => {
    const page = await signedInPage();
    const dialog = await openPalette(page);
    await dialog.getByRole('combobox').fill(`${prefix}-gre`);
    const option = dialog.getByRole('option', { name: new RegExp(`^${prefix}-greet`) });
    await option.waitFor();
    await option.click();
    await waitForPath(page, new RegExp(`^/tenants/${fx.tenantId}/workflows/[0-9a-f-]{36}$`));
  });
  it('opens Trigger Run', async () => {
    const page = await signedInPage('workflows');
    const dialog = await openPalette(page);
    await dialog.getByRole('combobox').fill('trigger');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Trigger Run' }).waitFor();
  });

  it('toggles the theme and switches tenant', async () => {
    const other = await fx.owner.api.createTenant(`Other ${prefix}`);
    const page = await signedInPage();
    let dialog = await openPalette(page);
    await dialog.getByRole('combobox').fill('theme');
    await dialog.getByRole('option', { name: 'Switch to light theme' }).waitFor();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.className))
      .toContain('light');
    expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('light');
    dialog = await openPalette(page);
    await dialog.getByRole('combobox').fill(`other ${prefix}`);
    await dialog.getByRole('option', { name: `Switch to Other ${prefix}` }).click();
    await waitForPath(page, `/tenants/${other.metadata.id}/runs`);
  });
});

describe('keyboard shortcuts', () => {
  it('? lists the shortcuts', async () => {
    const page = await signedInPage();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('Go to Workflows');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('g w goes to the workflows, g e to the events, but not while typing in a field', async () => {
    const page = await signedInPage('workflows');
    const search = page.getByLabel('Search workflows by name');
    await search.focus();
    await page.keyboard.press('g');
    await page.keyboard.press('e');
    await page.keyboard.press('?');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe(`/tenants/${fx.tenantId}/workflows`);
    expect(await search.inputValue()).toBe('ge?');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await search.fill('');
    // Let the screen's debounced search settle in the URL before leaving it.
    await waitForPath(page, `/tenants/${fx.tenantId}/workflows`);
    await page.waitForTimeout(600);
    await search.blur();
    await page.keyboard.press('g');
    await page.keyboard.press('e');
    await waitForPath(page, `/tenants/${fx.tenantId}/events`);
    await page.keyboard.press('g');
    await page.keyboard.press('w');
    await waitForPath(page, `/tenants/${fx.tenantId}/workflows`);
  });
});
