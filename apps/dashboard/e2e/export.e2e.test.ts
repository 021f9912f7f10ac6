/**
 * Export of a large runs list from the browser: 10,000 runs (triggered by bulk events for a
 * task whose worker has gone, so they stay queued and cost no execution), exported as CSV for
 * the list's metadata filter, with the progress shown and the whole file saved.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { startWorker } from './support/sdk';
import { useTenantFixture } from './support/tenant-fixture';

const prefix = `ex${Date.now().toString(36)}`;
const tenant = useTenantFixture({ tenantName: 'Export Tenant' });

const RUNS = 10_000;
/** The most events one bulk call takes. */
const BULK_LIMIT = 1_000;
const batch = `b${Date.now().toString(36)}`;
/**
 * The test takes 14 s on a quiet machine, and its server and browser share the CI machine's two
 * cores with the other tiers: there it took 60 s once and passed 120 s twice. Generous waits
 * for a heavy test, never a measure of its speed.
 */
const EXPORT_TIMEOUT_MS = 240_000;

/** Registers the event-triggered task, then stops its worker so nothing runs. */
async function registerExportTask() {
  const api = tenant.owner.api;
  const token = await api.createApiToken(tenant.tenantId, `e2e ${prefix}`);
  const worker = await startWorker({
    baseUrl: tenant.baseUrl,
    grpcAddress: inject('grpcAddress'),
    token,
    prefix,
    fixture: 'export-worker',
  });
  await worker.stop();
}

/** Pushes events in bulk calls; each triggers one run, committed before the call answers. */
async function pushEvents(count: number, metadata: Record<string, string>) {
  for (let sent = 0; sent < count; sent += BULK_LIMIT) {
    const events = Array.from({ length: Math.min(BULK_LIMIT, count - sent) }, (_, index) => ({
      key: `${prefix}:export`,
      data: { n: sent + index },
      additionalMetadata: metadata,
    }));
    await tenant.owner.api.request('POST', `/api/v1/tenants/${tenant.tenantId}/events/bulk`, {
      body: { events },
    });
  }
}

describe('export', { timeout: EXPORT_TIMEOUT_MS }, () => {
  it('exports 10,000 runs matching the filters as CSV, showing progress', async () => {
    await registerExportTask();
    await pushEvents(RUNS, { batch });
    // A run the filter leaves out.
    await pushEvents(1, { batch: 'other' });

    const page = await tenant.page();
    // The dialog's code stays off the first screen: it is fetched on the first click.
    const dialogChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/export-dialog-[^/]*\.js$/.test(request.url())) dialogChunks.push(request.url());
    });
    const filters = encodeURIComponent(JSON.stringify({ m: [`batch:${batch}`] }));
    await page.goto(
      `/tenants/${tenant.tenantId}/runs?workflow-runs-main-workflow-runs-filters=${filters}`,
    );
    const exportButton = page.getByRole('button', { name: 'Export runs', exact: true });
    await exportButton.waitFor();
    expect(dialogChunks).toEqual([]);
    await exportButton.click();
    const dialog = page.getByRole('dialog', { name: 'Export runs' });
    await dialog.waitFor();
    expect(dialogChunks).toHaveLength(1);
    expect(await dialog.getByRole('radio', { name: /CSV/ }).isChecked()).toBe(true);

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: EXPORT_TIMEOUT_MS / 2 }),
      dialog.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^runs-\d{8}-\d{6}\.csv$/);

    // Progress counted the rows against the server's total.
    const progress = dialog.getByRole('progressbar', { name: 'Exported runs' });
    expect(await progress.getAttribute('aria-valuemax')).toBe(String(RUNS));
    expect(await progress.getAttribute('aria-valuenow')).toBe(String(RUNS));
    await dialog.getByText('10,000 of 10,000 runs').waitFor();
    await dialog.getByText(`Saved ${download.suggestedFilename()}`).waitFor();

    const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\n');
    const [header, ...rows] = lines;
    expect(header?.split(',').slice(0, 3)).toEqual(['id', 'type', 'displayName']);
    expect(rows).toHaveLength(RUNS);
    expect(rows.every((row) => row.includes(`${prefix}-export`))).toBe(true);
    expect(new Set(rows.map((row) => row.split(',')[0])).size).toBe(RUNS);
  });
});
