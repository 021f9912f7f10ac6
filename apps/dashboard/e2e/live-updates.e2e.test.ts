/**
 * Live updates (features/live) in a real browser, with a real SDK worker (e2e/fixtures/
 * runs-worker, `<prefix>-etl`: three tasks, about six seconds). With auto-refresh Off, a run
 * started by an SDK client appears on the open runs list and reaches Succeeded without a
 * reload or a poll: each refetch follows a message of the tenant's event stream. The refresh
 * control says so ("Live"); an open run page follows its run to the end too. While the stream
 * is live the list does not poll even with an interval chosen, and when it is down the
 * interval applies again.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runFixture } from './support/sdk';
import { useTenantFixture } from './support/tenant-fixture';

const prefix = `live${Date.now().toString(36)}`;
const tenant = useTenantFixture({
  tenantName: 'Live Tenant',
  workerPrefix: prefix,
  workerFixture: 'runs-worker',
});

/** A bound on a wait for behaviour (a fresh page's first data, a run's end), not a timing check. */
const FIRST_DATA_TIMEOUT_MS = 15_000;
const RUN_TIMEOUT_MS = 30_000;

/** Starts a run of the ETL with an SDK client, as an application would. */
function triggerEtl(): Promise<string> {
  return runFixture(tenant.sdk, ['trigger-etl', JSON.stringify({ rows: 2 })], 'RUN');
}

interface StreamMessage {
  at: number;
  event: string;
  data: string;
}

/**
 * A signed-in page with the auto-refresh choice stored as `interval`, recording the requests
 * for the runs list and the messages of the live stream (from Chromium's network domain) with
 * the time the test saw each.
 */
async function watchedPage(interval: string) {
  const page = await tenant.page();
  await page.addInitScript((value) => {
    localStorage.setItem('app-default-refetch-interval', value);
  }, interval);
  const listPath = `/api/v1/stable/tenants/${tenant.tenantId}/workflow-runs`;
  const listRequests: number[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === listPath) listRequests.push(Date.now());
  });
  const messages: StreamMessage[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.eventSourceMessageReceived', (message) => {
    messages.push({ at: Date.now(), event: message.eventName, data: message.data });
  });
  await cdp.send('Network.enable');
  return { page, listRequests, messages };
}

/** Set on the window once loaded: still there later means the page was not reloaded. */
async function markLoaded(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => Object.assign(window, { liveTestMarker: true }));
  return () => page.evaluate(() => 'liveTestMarker' in window);
}

/** A message of the stream that makes the runs list refetch: changed runs, or start afresh. */
const refetchesRuns = (message: StreamMessage) =>
  message.event === 'reset' ||
  (message.event === 'changes' && (JSON.parse(message.data) as { runs: string[] }).runs.length > 0);

const liveIndicator = (page: Page) => page.getByRole('status', { name: 'Updates are live' });

describe('live updates', () => {
  it('shows a new run on the open runs list and follows it to Succeeded, without polling', async () => {
    const { page, listRequests, messages } = await watchedPage('off');
    await page.goto(`/tenants/${tenant.tenantId}/runs`);
    await liveIndicator(page).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await liveIndicator(page).textContent()).toBe('Live');
    const table = page.getByRole('table', { name: 'Runs' });
    await table.getByText('No runs', { exact: false }).first().waitFor({
      timeout: FIRST_DATA_TIMEOUT_MS,
    });
    const loaded = listRequests.length;
    const notReloaded = await markLoaded(page);

    const runId = await triggerEtl();
    const row = table.locator(`[data-run-row="${runId}"]`);
    await row.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await row.getByText('Succeeded', { exact: true }).waitFor({ timeout: RUN_TIMEOUT_MS });
    expect(await notReloaded()).toBe(true);

    // Every refetch of the list followed a message that named changed runs.
    const runChanges = messages.filter(refetchesRuns);
    expect(runChanges.some((message) => message.data.includes(runId))).toBe(true);
    const refetches = listRequests.slice(loaded);
    expect(refetches.length).toBeGreaterThan(0);
    // Polling is off: every refetch answers a message (several may share one refetch), and
    // none came before the first.
    expect(refetches.length).toBeLessThanOrEqual(runChanges.length);
    expect(refetches[0]!).toBeGreaterThanOrEqual(runChanges[0]!.at - 100);

    // Nothing is fetched now but for a message still on its way (under load the run's last
    // change may arrive after its row already read Succeeded): no poll.
    const settled = listRequests.length;
    const lastRefetchAt = listRequests.at(-1)!;
    await page.waitForTimeout(3_000);
    const lateChanges = messages.filter(
      (message) => refetchesRuns(message) && message.at > lastRefetchAt,
    );
    expect(listRequests.length - settled).toBeLessThanOrEqual(lateChanges.length);
    expect(await liveIndicator(page).textContent()).toBe('Live');
  });

  it('follows a run to Succeeded on its open run page, without polling', async () => {
    const { page, messages } = await watchedPage('off');
    const runId = await triggerEtl();
    const detailRequests: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/v1/stable/workflow-runs/${runId}`)
        detailRequests.push(Date.now());
    });
    await page.goto(`/tenants/${tenant.tenantId}/runs/${runId}`);
    const status = page.getByTestId('run-status');
    await status.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    const notReloaded = await markLoaded(page);
    await expect.poll(() => status.textContent(), { timeout: RUN_TIMEOUT_MS }).toBe('COMPLETED');
    expect(await notReloaded()).toBe(true);
    expect(messages.some((message) => message.data.includes(runId))).toBe(true);
    // A finished run's page would poll every 5 s; live, nothing is fetched but for a message
    // about the run still on its way.
    const settled = detailRequests.length;
    const lastFetchAt = detailRequests.at(-1)!;
    await page.waitForTimeout(6_000);
    const lateMessages = messages.filter(
      (message) => message.data.includes(runId) && message.at > lastFetchAt,
    );
    expect(detailRequests.length - settled).toBeLessThanOrEqual(lateMessages.length);
  });

  it('does not poll while live, and polls on the chosen interval while the stream is down', async () => {
    const live = await watchedPage('5s');
    await live.page.goto(`/tenants/${tenant.tenantId}/runs`);
    await liveIndicator(live.page).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await expect.poll(() => live.listRequests.length, { timeout: FIRST_DATA_TIMEOUT_MS }).toBe(1);
    await live.page.waitForTimeout(6_500);
    expect(live.listRequests).toHaveLength(1);

    const down = await watchedPage('5s');
    // The stream's requests fail as a dropped network would: the browser keeps retrying.
    await down.page.route(/\/live(\?|$)/, (route) => route.abort('connectionrefused'));
    await down.page.goto(`/tenants/${tenant.tenantId}/runs`);
    await down.page.getByLabel('Auto-refresh interval').waitFor();
    await expect.poll(() => down.listRequests.length, { timeout: FIRST_DATA_TIMEOUT_MS }).toBe(1);
    await expect.poll(() => down.listRequests.length, { timeout: 7_500 }).toBe(2);
    expect(await liveIndicator(down.page).count()).toBe(0);
    expect(await down.page.getByLabel('Auto-refresh interval').inputValue()).toBe('5s');
  });
});
