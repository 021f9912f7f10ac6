/**
 * Accessibility against the real server with a real SDK worker (e2e/fixtures/runs-worker):
 * axe-core finds no serious or critical violation on any screen, signed out or in, nor in
 * the main dialogs, in the light and the dark theme; the runs list shows a badge of every
 * run status (and the workflow detail a paused one), so axe's colour-contrast rule checks
 * those tones of lib/status in both themes. And the runs page works from the keyboard: every
 * stop shows a focus ring, and its main actions are reached by Tab and work with Enter or
 * Space.
 */
import type { ElementHandle, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { V1TaskStatus, V1WorkflowRunDetails, Worker, Workflow } from '@trellis/api-contract';
import type { SeededUser } from './support/api';
import { seedUser } from './support/api';
import type { KnownViolation } from './support/axe';
import { seriousViolations } from './support/axe';
import { waitForPath } from './support/browser';
import { runFixture } from './support/sdk';
import { useTenantFixture } from './support/tenant-fixture';

const prefix = `a11y${Date.now().toString(36)}`;
const fx = useTenantFixture({
  tenantName: 'Accessibility Tenant',
  workerPrefix: prefix,
  workerFixture: 'runs-worker',
});
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** A fresh page loads its route's chunk and first queries: a wait for behaviour, not timing. */
const FIRST_DATA_TIMEOUT_MS = 15_000;

/** Violations the dashboard cannot fix itself; each says why. */
const KNOWN: KnownViolation[] = [];

const seeded = {
  succeededRun: '',
  succeededTask: '',
  workflowId: '',
  workerId: '',
  rateLimitKey: `${prefix}-api`,
  eventKey: `${prefix}:order.created`,
  cronName: `${prefix}-nightly`,
  webhookName: `${prefix}-partner`,
  filterExpression: 'input.amount > 10',
  tokenName: `e2e ${prefix}`,
  snsTopicArn: `arn:aws:sns:us-east-1:123456789012:${prefix}-orders`,
  alertEmail: `${prefix}-alerts@example.com`,
};
/** A user with a pending invite and no tenant: the invites page is theirs. */
let invitee: SeededUser;

async function trigger(workflow: string, input: Record<string, unknown> = {}) {
  const details = await fx.owner.api.request<V1WorkflowRunDetails>(
    'POST',
    `/api/v1/stable/tenants/${fx.tenantId}/workflow-runs/trigger`,
    { body: { workflowName: `${prefix}-${workflow}`, input } },
  );
  return details;
}

async function waitForStatus(runId: string, status: V1TaskStatus) {
  const deadline = Date.now() + 30_000;
  let last: V1TaskStatus | undefined;
  while (Date.now() < deadline) {
    last = await fx.owner.api.request<V1TaskStatus>(
      'GET',
      `/api/v1/stable/workflow-runs/${runId}/status`,
    );
    if (last === status) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`run ${runId} stayed ${last}, expected ${status}`);
}

async function lookUp<T extends { name: string; metadata: { id: string } }>(
  path: string,
  name: string,
): Promise<string> {
  const { rows } = await fx.owner.api.request<{ rows: T[] }>('GET', path);
  const found = rows.find((row) => row.name === name);
  if (!found) throw new Error(`${name} not listed at ${path}`);
  return found.metadata.id;
}

/** Runs of every status, and something on every list screen. */
beforeAll(async () => {
  const api = fx.owner.api;
  const tenant = `/api/v1/tenants/${fx.tenantId}`;
  const stable = `/api/v1/stable/tenants/${fx.tenantId}`;

  const succeeded = await trigger('retried');
  const failed = await trigger('flaky');
  const cancelled = await trigger('long');
  seeded.succeededRun = succeeded.run.metadata.id;
  seeded.succeededTask = succeeded.tasks[0]?.metadata.id ?? '';
  await waitForStatus(cancelled.run.metadata.id, 'RUNNING');
  await api.request('POST', `${stable}/tasks/cancel`, {
    body: { externalIds: [cancelled.run.metadata.id] },
  });

  seeded.workflowId = await lookUp<Workflow>(`${tenant}/workflows`, `${prefix}-etl`);
  // Paused, its workflow keeps a run queued (and shows the paused badge on its page).
  await api.request('PATCH', `/api/v1/workflows/${seeded.workflowId}`, {
    body: { isPaused: true },
  });
  await trigger('etl', { rows: 1 });
  // A durable task waiting for an event that never comes: running for the whole file.
  const running = await trigger('checkout');
  seeded.workerId = await lookUp<Worker>(`${tenant}/worker`, `${prefix}-worker`);
  const day = 86_400_000;
  invitee = await seedUser(fx.baseUrl, 'invitee');
  await Promise.all([
    waitForStatus(seeded.succeededRun, 'COMPLETED'),
    waitForStatus(failed.run.metadata.id, 'FAILED'),
    waitForStatus(cancelled.run.metadata.id, 'CANCELLED'),
    waitForStatus(running.run.metadata.id, 'RUNNING'),
    api.request('POST', `${tenant}/events`, {
      body: { key: seeded.eventKey, data: { amount: 12 } },
    }),
    api.request('POST', `${tenant}/workflows/${prefix}-flaky/crons`, {
      body: { cronName: seeded.cronName, cronExpression: '30 2 * * *' },
    }),
    api.request('POST', `${tenant}/workflows/${prefix}-flaky/scheduled`, {
      body: { input: {}, triggerAt: new Date(Date.now() + day).toISOString() },
    }),
    api.request('POST', `${stable}/filters`, {
      body: {
        workflowId: seeded.workflowId,
        scope: 'eu',
        expression: seeded.filterExpression,
        payload: {},
      },
    }),
    api.request('POST', `${stable}/webhooks`, {
      body: {
        name: seeded.webhookName,
        sourceName: 'GENERIC',
        eventKeyExpression: 'input.id',
        authType: 'API_KEY',
        auth: { headerName: 'X-Key', apiKey: 'k' },
      },
    }),
    api.request('POST', `${tenant}/sns`, { body: { topicArn: seeded.snsTopicArn } }),
    api.request('POST', `${tenant}/alerting-email-groups`, {
      body: { emails: [seeded.alertEmail] },
    }),
    api.createInvite(fx.tenantId, invitee.email, 'MEMBER'),
    runFixture({ ...fx.sdk, fixture: 'flow-control-worker' }, [
      'ratelimits',
      JSON.stringify([{ key: seeded.rateLimitKey, limit: 10, duration: 'MINUTE' }]),
    ]),
  ]);
});

interface Screen {
  name: string;
  path: () => string;
  /** Waits for what only the loaded screen shows. */
  ready: (page: Page) => Promise<void>;
}

const tenantPath = (rest: string) => () => `/tenants/${fx.tenantId}/${rest}`;
const shown = (locator: Locator) => locator.first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
const text = (value: () => string) => (page: Page) => shown(page.getByText(value()));
const heading = (name: () => string) => (page: Page) =>
  shown(page.getByRole('heading', { level: 1, name: name(), exact: true }));
const anyHeading = (page: Page) => shown(page.getByRole('heading', { level: 1 }));

const SIGNED_IN_SCREENS: Screen[] = [
  {
    name: 'runs',
    path: tenantPath('runs'),
    // A badge of every status: axe's colour-contrast rule checks each tone.
    ready: async (page) => {
      const table = page.getByRole('table', { name: 'Runs' });
      for (const status of ['Succeeded', 'Failed', 'Cancelled', 'Running', 'Queued']) {
        await shown(table.getByText(status, { exact: true }));
      }
    },
  },
  {
    name: 'run detail with its task panel',
    path: () => `/tenants/${fx.tenantId}/runs/${seeded.succeededRun}?task=${seeded.succeededTask}`,
    ready: (page) => shown(page.getByRole('dialog', { name: `Task ${prefix}-retried` })),
  },
  { name: 'events', path: tenantPath('events'), ready: text(() => seeded.eventKey) },
  { name: 'scheduled runs', path: tenantPath('scheduled'), ready: text(() => `${prefix}-flaky`) },
  { name: 'cron jobs', path: tenantPath('cron-jobs'), ready: text(() => seeded.cronName) },
  { name: 'workflows', path: tenantPath('workflows'), ready: text(() => `${prefix}-etl`) },
  {
    name: 'workflow detail',
    path: () => `/tenants/${fx.tenantId}/workflows/${seeded.workflowId}`,
    ready: async (page) => {
      await heading(() => `${prefix}-etl`)(page);
      await shown(page.getByTestId('workflow-state').getByText('Paused'));
    },
  },
  { name: 'workers', path: tenantPath('workers'), ready: text(() => `${prefix}-worker`) },
  {
    name: 'worker detail',
    path: () => `/tenants/${fx.tenantId}/workers/${seeded.workerId}`,
    ready: heading(() => `${prefix}-worker`),
  },
  { name: 'webhooks', path: tenantPath('webhooks'), ready: text(() => seeded.webhookName) },
  { name: 'rate limits', path: tenantPath('rate-limits'), ready: text(() => seeded.rateLimitKey) },
  { name: 'filters', path: tenantPath('filters'), ready: text(() => seeded.filterExpression) },
  {
    name: 'settings: overview',
    path: tenantPath('tenant-settings/overview'),
    ready: text(() => 'Accessibility Tenant'),
  },
  {
    name: 'settings: API tokens',
    path: tenantPath('tenant-settings/api-tokens'),
    ready: text(() => seeded.tokenName),
  },
  {
    name: 'settings: members',
    path: tenantPath('tenant-settings/members'),
    ready: text(() => invitee.email),
  },
  {
    name: 'settings: ingestors',
    path: tenantPath('tenant-settings/ingestors'),
    ready: text(() => seeded.snsTopicArn),
  },
  {
    name: 'settings: alerting',
    path: tenantPath('tenant-settings/alerting'),
    ready: text(() => seeded.alertEmail),
  },
  {
    name: 'settings: resource limits',
    path: tenantPath('tenant-settings/billing-and-limits'),
    ready: text(() => 'TRELLIS_RESOURCE_LIMITS=on'),
  },
  // Every screen not in this build shares one component: one of them stands for all.
  {
    name: 'a screen not in this build',
    path: tenantPath('managed-workers'),
    ready: text(() => 'Not in this build yet'),
  },
  {
    name: 'get started (in the tenant)',
    path: tenantPath('onboarding/get-started'),
    ready: heading(() => 'Get Started'),
  },
  {
    name: 'get started (outside the tenant)',
    path: () => `/onboarding/get-started?tenant=${fx.tenantId}`,
    ready: anyHeading,
  },
  {
    name: 'create tenant',
    path: () => '/onboarding/create-tenant',
    ready: anyHeading,
  },
  {
    name: 'organization',
    path: () => '/organizations/acme',
    ready: text(() => 'Not in this build yet'),
  },
];

/** A page in `theme`, set before the first paint of every load. */
async function pageIn(theme: Theme, user?: SeededUser): Promise<Page> {
  const page = await fx.page(user);
  // Without motion a dialog is checked as it rests, not half-faded in.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript((value) => localStorage.setItem('vite-ui-theme', value), theme);
  return page;
}

async function visit(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
}

/** Checks each screen in turn, and reports every screen's violations at once. */
async function checkScreens(page: Page, screens: Screen[]): Promise<string> {
  const report: string[] = [];
  for (const screen of screens) {
    await visit(page, screen.path(), screen.ready);
    const violations = await seriousViolations(page, KNOWN);
    if (violations.length > 0) report.push(`## ${screen.name}\n${violations.join('\n')}`);
  }
  return report.join('\n\n');
}

async function checkHere(page: Page, name: string): Promise<string> {
  const violations = await seriousViolations(page, KNOWN);
  return violations.length > 0 ? `## ${name}\n${violations.join('\n')}` : '';
}

describe.each(THEMES)('axe in the %s theme', (theme) => {
  it('finds no serious or critical violation on any signed-in screen', async () => {
    const page = await pageIn(theme);
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
    expect(await checkScreens(page, SIGNED_IN_SCREENS)).toBe('');
  });

  it('finds none in Trigger Run, the command palette and the shortcuts list', async () => {
    const page = await pageIn(theme);
    const report: string[] = [];
    await visit(
      page,
      `/tenants/${fx.tenantId}/runs`,
      heading(() => 'Runs'),
    );

    await page.getByRole('button', { name: 'Trigger Run' }).click();
    const trigger = page.getByRole('dialog', { name: 'Trigger Run' });
    await trigger
      .getByLabel('Workflow', { exact: true })
      .selectOption({ label: `${prefix}-etl` }, { timeout: FIRST_DATA_TIMEOUT_MS });
    report.push(await checkHere(page, 'Trigger Run'));
    await page.keyboard.press('Escape');
    await trigger.waitFor({ state: 'detached' });

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('option').first().waitFor();
    report.push(await checkHere(page, 'command palette'));
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });

    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    report.push(await checkHere(page, 'keyboard shortcuts'));

    expect(report.filter(Boolean).join('\n\n')).toBe('');
  });

  it('finds none on the sign-in, registration and invites pages', async () => {
    const page = await pageIn(theme, invitee);
    await visit(
      page,
      '/onboarding/invites',
      text(() => 'Accessibility Tenant'),
    );
    const report = [await checkHere(page, 'invites')];
    await page.context().clearCookies();
    report.push(
      await checkScreens(page, [
        { name: 'sign in', path: () => '/auth/login', ready: (p) => shown(p.getByLabel('Email')) },
        {
          name: 'register',
          path: () => '/auth/register',
          ready: (p) => shown(p.getByLabel('Email')),
        },
      ]),
    );
    expect(report.filter(Boolean).join('\n\n')).toBe('');
  });
});

const MAX_TAB_STOPS = 200;
/** The toolbar's "Filters (n active)", not the sidebar's Filters screen. */
const FILTERS_BUTTON = 'Filters (';
const RUN_LINK = /^\/tenants\/[^/]+\/runs\/[0-9a-f-]{36}$/;

/** Where Tab put the focus: what the element is called and where it leads. */
interface FocusStop {
  name: string;
  href: string | null;
  /** The focus indicator as drawn while focused. */
  ring: string;
}

/** Waits for the element's own transitions (a ring fading in or out) to end. */
const settled = (element: ElementHandle<Element>) =>
  element.evaluate((node) =>
    Promise.all(node.getAnimations().map((animation) => animation.finished)),
  );

/**
 * The outline or shadow that draws a focus ring, or '' when the element draws none. Runs in
 * the page, so it refers to nothing outside itself.
 */
function ringOf(element: Element): string {
  const style = getComputedStyle(element);
  const transparent = /(,|\/)\s*0\)$|^transparent$/.test(style.outlineColor);
  const outline =
    style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && !transparent
      ? `outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`
      : '';
  const shadow = style.boxShadow === 'none' ? '' : `shadow ${style.boxShadow}`;
  return [outline, shadow].filter(Boolean).join('; ');
}

/** Presses Tab and describes the newly focused element; undefined once focus leaves the page. */
async function tab(
  page: Page,
): Promise<{ stop: FocusStop; element: ElementHandle<Element> } | undefined> {
  await page.keyboard.press('Tab');
  const element = (await page.evaluateHandle(() => document.activeElement)).asElement();
  if (!element || (await element.evaluate((node) => node === document.body))) return undefined;
  await settled(element);
  const [name, href, ring] = await Promise.all([
    element.evaluate((node) => (node.getAttribute('aria-label') ?? node.textContent ?? '').trim()),
    element.getAttribute('href'),
    element.evaluate(ringOf),
  ]);
  return { stop: { name, href, ring }, element };
}

/** Tabs from the top of a freshly loaded runs page to the first stop that `matches`. */
async function tabTo(page: Page, matches: (stop: FocusStop) => boolean): Promise<void> {
  await visit(
    page,
    `/tenants/${fx.tenantId}/runs`,
    heading(() => 'Runs'),
  );
  for (let presses = 0; presses < MAX_TAB_STOPS; presses += 1) {
    const focused = await tab(page);
    if (focused && matches(focused.stop)) return;
  }
  throw new Error('Tab never reached the element');
}

describe('the runs page from the keyboard', () => {
  it('shows a focus ring on every Tab stop, one the element does not draw unfocused', async () => {
    const page = await pageIn('dark');
    await visit(
      page,
      `/tenants/${fx.tenantId}/runs`,
      heading(() => 'Runs'),
    );
    const stops: Array<{ stop: FocusStop; element: ElementHandle<Element> }> = [];
    for (let presses = 0; presses < MAX_TAB_STOPS; presses += 1) {
      const focused = await tab(page);
      if (!focused) break;
      const again = await Promise.all(
        stops.map(({ element }) =>
          element.evaluate((node, other) => node === other, focused.element),
        ),
      );
      if (again.includes(true)) break;
      stops.push(focused);
    }
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    // The main actions are among the stops.
    const names = stops.map(({ stop }) => stop.name);
    expect(names).toContain('Trigger Run');
    expect(names).toContain('Refresh');
    expect(names.some((name) => name.startsWith(FILTERS_BUTTON))).toBe(true);
    expect(stops.some(({ stop }) => RUN_LINK.test(stop.href ?? ''))).toBe(true);

    const unringed: string[] = [];
    for (const { stop, element } of stops) {
      // A stop re-rendered since is not compared: its ring while focused must still show.
      const connected = await element.evaluate((node) => node.isConnected);
      if (connected) await settled(element);
      const rest = connected ? await element.evaluate(ringOf) : undefined;
      if (stop.ring === '' || stop.ring === rest) {
        unringed.push(`${stop.name || stop.href}: focused "${stop.ring}", unfocused "${rest}"`);
      }
    }
    expect(unringed).toEqual([]);
  });

  it('opens Trigger Run with Enter and gives the focus back on Escape', async () => {
    const page = await pageIn('dark');
    await tabTo(page, (stop) => stop.name === 'Trigger Run');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Trigger Run' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Trigger Run');
  });

  it('refreshes with Space, opens the filters with Enter, and opens a run with Enter', async () => {
    const page = await pageIn('dark');
    await tabTo(page, (stop) => stop.name === 'Refresh');
    const refetched = page.waitForRequest((request) =>
      new URL(request.url()).pathname.endsWith(`/tenants/${fx.tenantId}/workflow-runs`),
    );
    await page.keyboard.press('Space');
    await refetched;

    await tabTo(page, (stop) => stop.name.startsWith(FILTERS_BUTTON));
    await page.keyboard.press('Enter');
    const filtersButton = page.getByRole('button', { name: /^Filters/ });
    await expect.poll(() => filtersButton.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('dialog').getByRole('checkbox').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await tabTo(page, (stop) => RUN_LINK.test(stop.href ?? ''));
    const href = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    await page.keyboard.press('Enter');
    await waitForPath(page, href ?? '');
  });
});
