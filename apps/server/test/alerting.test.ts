import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrors } from '@trellis/api-contract';
import { TestWorker } from '@trellis/engine/testing';
import { Alerting } from '../src/alerting/alerting';
import type { EmailLog } from '../src/email/email-message';
import { Mailer } from '../src/email/mailer';
import { smtpDelivery } from '../src/email/smtp-delivery';
import { SlackPoster } from '../src/slack/slack-poster';
import { waitForRunStatus } from './run-helpers';
import { installSlackWebhook, startSlackTestServer, type SlackPost } from './slack-test-server';
import { startSmtpServer } from './smtp-test-server';
import {
  addTenantMember,
  createApiToken,
  registerOwner,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from './test-app';

interface Group {
  metadata: { id: string };
  emails: string[];
}
interface Settings {
  enableWorkflowRunFailureAlerts: boolean;
  enableExpiringTokenAlerts: boolean;
  maxAlertingFrequency: string;
  lastAlertedAt?: string;
  lastDeliveryFailure?: { failedAt: string; message: string };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const silent: EmailLog = { info: () => {}, warn: () => {}, error: () => {} };
let unique = 0;
const address = (name: string) => `${name}-${++unique}-${Date.now()}@alerts.example.com`;

type SlackServer = Awaited<ReturnType<typeof startSlackTestServer>>;

/**
 * Installs a Slack webhook for the tenant through the OAuth flow, at `url` (by default a
 * webhook of the stand-in of its own); answers its path on the stand-in.
 */
async function addSlackWebhook(
  slack: SlackServer,
  owner: Awaited<ReturnType<typeof registerOwner>>,
  url = `${slack.url}/services/T0TEST/B${++unique}/${Date.now()}`,
) {
  slack.nextInstall = {
    teamId: 'T0TEST',
    teamName: 'Test Workspace',
    channelId: `C${unique}`,
    channelName: `#alerts-${unique}`,
    webhookUrl: url,
  };
  await installSlackWebhook(owner.client, owner.tenantId);
  return new URL(url).pathname;
}
const postedTo = (path: string) => (post: SlackPost) => post.path === path;
/** All the text of a Slack message, blocks included, for content checks. */
const slackText = (post: SlackPost) => JSON.stringify(post.body);

/** A tenant whose owner turned failure alerts on, with a workflow that a test worker fails. */
async function alertingTenant(
  t: TestApp,
  settings: Record<string, unknown>,
  groups: string[][],
  workflow = 'nightly-report',
) {
  const owner = await registerOwner(t.app);
  const patched = await owner.client.patch(`/api/v1/tenants/${owner.tenantId}`, settings);
  expect(patched.status).toBe(200);
  for (const emails of groups) {
    const created = await owner.client.post(
      `/api/v1/tenants/${owner.tenantId}/alerting-email-groups`,
      { emails },
    );
    expect(created.status).toBe(201);
  }
  await t.engine.putWorkflow(owner.tenantId, {
    name: workflow,
    tasks: [{ readableId: 'build', actionId: `${workflow}:build` }],
  });
  const worker = await new TestWorker(t.engine, owner.tenantId, `${workflow}-worker`).connect(
    [`${workflow}:build`],
    200,
  );
  /** Triggers `count` runs and fails each with `error`; answers their ids. */
  const failRuns = async (count: number, error: string) => {
    const before = worker.actions.filter((a) => a.kind === 'START').length;
    const runIds = await t.engine.trigger(
      owner.tenantId,
      Array.from({ length: count }, () => ({ workflowName: workflow, input: {} })),
    );
    const started = await worker.waitFor((a) => a.kind === 'START', before + count, 20_000);
    await Promise.all(started.slice(before).map((action) => worker.fail(action, error, true)));
    for (const runId of runIds) await waitForRunStatus(owner.client, runId, 'FAILED');
    return runIds;
  };
  return { owner, worker, failRuns };
}

describe('alert email groups and settings over REST', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('creates, lists, edits and deletes groups; viewers only read', async () => {
    const owner = await registerOwner(t.app);
    const base = `/api/v1/tenants/${owner.tenantId}/alerting-email-groups`;
    const created = await owner.client.post<Group>(base, {
      emails: ['Ops@Example.com', 'oncall@example.com', 'ops@example.com'],
    });
    expect(created.status).toBe(201);
    expect(created.body.emails).toEqual(['ops@example.com', 'oncall@example.com']);

    const list = await owner.client.get<{ rows: Group[] }>(base);
    expect(list.status).toBe(200);
    expect(list.body.rows.map((row) => row.metadata.id)).toEqual([created.body.metadata.id]);

    const id = created.body.metadata.id;
    const updated = await owner.client.patch<Group>(`/api/v1/alerting-email-groups/${id}`, {
      emails: ['team@example.com'],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.emails).toEqual(['team@example.com']);

    const bad = await owner.client.post<ApiErrors>(base, { emails: ['not an email'] });
    expect(bad.status).toBe(400);
    const empty = await owner.client.post<ApiErrors>(base, { emails: [] });
    expect(empty.status).toBe(400);

    const viewer = await addTenantMember(t.app, owner, 'VIEWER');
    expect((await viewer.client.get(base)).status).toBe(200);
    // A refused role is 401, as in Hatchet.
    expect((await viewer.client.post(base, { emails: ['x@example.com'] })).status).toBe(401);
    expect((await viewer.client.delete(`/api/v1/alerting-email-groups/${id}`)).status).toBe(401);

    const deleted = await owner.client.delete(`/api/v1/alerting-email-groups/${id}`);
    expect(deleted.status).toBe(204);
    expect((await owner.client.get<{ rows: Group[] }>(base)).body.rows).toEqual([]);
    expect((await owner.client.delete(`/api/v1/alerting-email-groups/${id}`)).status).toBe(404);
  });

  it('answers the settings with their defaults and the changes PATCH tenants makes', async () => {
    const owner = await registerOwner(t.app);
    const url = `/api/v1/tenants/${owner.tenantId}/alerting/settings`;
    const before = await owner.client.get<Settings>(url);
    expect(before.body).toMatchObject({
      alertMemberEmails: true,
      enableWorkflowRunFailureAlerts: false,
      enableExpiringTokenAlerts: true,
      enableTenantResourceLimitAlerts: true,
      maxAlertingFrequency: '1h',
    });
    expect(before.body.lastDeliveryFailure).toBeUndefined();
    await owner.client.patch(`/api/v1/tenants/${owner.tenantId}`, {
      enableWorkflowRunFailureAlerts: true,
      alertMemberEmails: false,
      maxAlertingFrequency: '5m',
    });
    expect((await owner.client.get<Settings>(url)).body).toMatchObject({
      alertMemberEmails: false,
      enableWorkflowRunFailureAlerts: true,
      maxAlertingFrequency: '5m',
    });
  });
});

describe('failure alerts through a real SMTP server and Slack', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let slack: SlackServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    slack = await startSlackTestServer();
    t = await startTestApp({ ...smtp.env, ...slack.env(), TRELLIS_EMAIL_VERIFICATION: 'off' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await slack.close();
  });

  it('sends one email per group, one to each member and one Slack message per webhook, with the workflow, error and link', async () => {
    const first = [address('ops'), address('lead')];
    const second = [address('oncall')];
    const { owner, worker, failRuns } = await alertingTenant(
      t,
      { enableWorkflowRunFailureAlerts: true },
      [first, second],
    );
    const hook = await addSlackWebhook(slack, owner);
    const [runId] = await failRuns(1, 'database unreachable: connection reset <db-1> & co');
    const link = `${TEST_PUBLIC_URL}/tenants/${owner.tenantId}/runs/${runId}`;
    for (const to of [first[0]!, second[0]!, owner.email]) {
      const mail = await smtp.messageTo(to);
      expect(mail.subject).toContain('nightly-report failed');
      expect(mail.text).toContain('database unreachable: connection reset <db-1> & co');
      expect(mail.link).toBe(link);
      expect(mail.html).toContain(link);
    }
    const post = await slack.nextPost(postedTo(hook));
    expect(post.body.text).toContain('nightly-report failed');
    // Slack's markup characters in the error are escaped.
    expect(slackText(post)).toContain(
      'database unreachable: connection reset &lt;db-1&gt; &amp; co',
    );
    expect(slackText(post)).toContain(`<${link}|nightly-report>`);
    expect(post.body.blocks).toContainEqual({
      type: 'actions',
      elements: [
        {
          type: 'button',
          text: { type: 'plain_text', text: 'View run' },
          url: link,
          style: 'primary',
        },
      ],
    });
    // The first group's addresses share one message; the webhook gets one post.
    await sleep(1_500);
    expect(smtp.received.filter((mail) => [...first, ...second].includes(mail.to))).toEqual([]);
    expect(smtp.received.filter((mail) => mail.to === owner.email)).toEqual([]);
    expect(slack.posts.filter(postedTo(hook))).toEqual([]);
    const settings = await owner.client.get<Settings>(
      `/api/v1/tenants/${owner.tenantId}/alerting/settings`,
    );
    expect(settings.body.lastAlertedAt).toBeDefined();
    expect(settings.body.lastDeliveryFailure).toBeUndefined();
    worker.close();
  });

  it('sends one alert and one summary of each kind for a burst of 100 failures within the window', async () => {
    const group = [address('burst')];
    const { owner, worker, failRuns } = await alertingTenant(
      t,
      {
        enableWorkflowRunFailureAlerts: true,
        alertMemberEmails: false,
        maxAlertingFrequency: '6s',
      },
      [group],
      'import-orders',
    );
    const hook = await addSlackWebhook(slack, owner);
    await failRuns(100, 'upstream returned 503');
    const alert = await smtp.messageTo(group[0]!);
    const slackAlert = await slack.nextPost(postedTo(hook));
    const summary = await smtp.messageTo(group[0]!);
    const slackSummary = await slack.nextPost(postedTo(hook));
    expect(slackAlert.body.text).toContain('import-orders failed');
    expect(slackText(slackAlert)).toContain('upstream returned 503');
    expect(slackSummary.body.text).toMatch(/ 99 more failed runs since /);
    expect(slackText(slackSummary)).toContain('Among the others (93 more not listed):');
    expect(slackText(slackSummary)).toContain('upstream returned 503');
    expect(alert.subject).toContain('import-orders failed');
    expect(alert.text).toContain('upstream returned 503');
    expect(summary.subject).toMatch(/ 99 more failed runs since /);
    expect(summary.text).toContain('upstream returned 503');
    expect(summary.text).toContain('Among the others (93 more not listed):');
    expect(summary.link).toMatch(/\/runs\/[0-9a-f-]{36}$/);
    expect(summary.link).not.toBe(alert.link);
    // Nothing more: the summary opened a window in which nothing failed.
    await sleep(2_000);
    expect(smtp.received.filter((mail) => mail.to === group[0])).toEqual([]);
    expect(slack.posts.filter(postedTo(hook))).toEqual([]);
    worker.close();
  }, 60_000);

  it('sends nothing when failure alerts are off', async () => {
    const group = [address('quiet')];
    const { owner, worker, failRuns } = await alertingTenant(t, {}, [group], 'quiet-flow');
    const hook = await addSlackWebhook(slack, owner);
    await failRuns(3, 'nobody should hear this');
    await sleep(2_000);
    expect(smtp.received.filter((mail) => mail.to === group[0] || mail.to === owner.email)).toEqual(
      [],
    );
    expect(slack.attempts.filter((path) => path === hook)).toEqual([]);
    worker.close();
  });

  it('alerts an API token expiring within 7 days once, by email and Slack', async () => {
    const group = [address('tokens')];
    const { owner, worker } = await alertingTenant(t, { alertMemberEmails: false }, [group]);
    const hook = await addSlackWebhook(slack, owner);
    await owner.client.post(`/api/v1/tenants/${owner.tenantId}/api-tokens`, {
      name: 'ci-deploys',
      expiresIn: '72h',
    });
    await createApiToken(owner, 'long-lived');
    const mailer = new Mailer(
      smtpDelivery({ host: '127.0.0.1', port: smtp.port, tls: 'none', auth: undefined }, 'a@b.c'),
      silent,
    );
    // Checks at start, then again: the token is alerted once.
    const alerting = new Alerting({ db: t.db, mailer, publicUrl: TEST_PUBLIC_URL, log: silent });
    await alerting.checkExpiringTokens();
    const mail = await smtp.messageTo(group[0]!);
    expect(mail.subject).toContain('API token "ci-deploys" expires soon');
    expect(mail.text).not.toContain('long-lived');
    expect(mail.link).toBe(
      `${TEST_PUBLIC_URL}/tenants/${owner.tenantId}/tenant-settings/api-tokens`,
    );
    const post = await slack.nextPost(postedTo(hook));
    expect(post.body.text).toContain('API token "ci-deploys" expires soon');
    expect(slackText(post)).not.toContain('long-lived');
    await alerting.checkExpiringTokens();
    await alerting.close();
    // Another process checking finds nothing left to alert either.
    const again = new Alerting({ db: t.db, mailer, publicUrl: TEST_PUBLIC_URL, log: silent });
    await again.checkExpiringTokens();
    await again.close();
    await mailer.close();
    expect(smtp.received.filter((received) => received.to === group[0])).toEqual([]);
    expect(slack.posts.filter(postedTo(hook))).toEqual([]);
    worker.close();
  });
});

describe('a broken SMTP server', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port nothing listens on: every connection is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    t = await startTestApp({
      TRELLIS_SMTP_HOST: '127.0.0.1',
      TRELLIS_SMTP_PORT: String(port),
      TRELLIS_SMTP_TLS: 'none',
      TRELLIS_SMTP_FROM: 'Trellis <trellis@example.com>',
      TRELLIS_EMAIL_VERIFICATION: 'off',
    });
  });
  afterAll(async () => t.close());

  it('is reported in the settings, and the engine keeps going', async () => {
    const { owner, worker, failRuns } = await alertingTenant(
      t,
      { enableWorkflowRunFailureAlerts: true },
      [[address('unreachable')]],
      'refused-flow',
    );
    await failRuns(1, 'first failure');
    const url = `/api/v1/tenants/${owner.tenantId}/alerting/settings`;
    let settings: Settings | undefined;
    for (let attempt = 0; attempt < 100 && !settings?.lastDeliveryFailure; attempt++) {
      settings = (await owner.client.get<Settings>(url)).body;
      if (!settings.lastDeliveryFailure) await sleep(100);
    }
    expect(settings?.lastDeliveryFailure?.message).toContain('ECONNREFUSED');
    expect(Date.parse(settings!.lastDeliveryFailure!.failedAt)).toBeGreaterThan(
      Date.now() - 60_000,
    );

    // Runs still go through, failed or not, while the relay stays down.
    const starts = worker.actions.filter((a) => a.kind === 'START').length;
    const [runId] = await t.engine.trigger(owner.tenantId, [
      { workflowName: 'refused-flow', input: {} },
    ]);
    const [action] = (await worker.waitFor((a) => a.kind === 'START', starts + 1)).slice(starts);
    await worker.complete(action!, { ok: true });
    await waitForRunStatus(owner.client, runId!, 'COMPLETED');
    await failRuns(5, 'more failures');
    worker.close();
  });
});

describe('a broken Slack webhook', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let slack: SlackServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    slack = await startSlackTestServer();
    t = await startTestApp({ ...smtp.env, ...slack.env(), TRELLIS_EMAIL_VERIFICATION: 'off' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await slack.close();
  });

  /** The tenant's alerting settings once a delivery failure is recorded (up to 15 s). */
  async function failureOf(owner: Awaited<ReturnType<typeof registerOwner>>) {
    const url = `/api/v1/tenants/${owner.tenantId}/alerting/settings`;
    for (let attempt = 0; attempt < 150; attempt++) {
      const settings = (await owner.client.get<Settings>(url)).body;
      if (settings.lastDeliveryFailure) return settings.lastDeliveryFailure;
      await sleep(100);
    }
    throw new Error('no delivery failure was recorded');
  }

  it('that answers 500 is retried and shown, and the email still arrives', async () => {
    const group = [address('slack-500')];
    const { owner, worker, failRuns } = await alertingTenant(
      t,
      { enableWorkflowRunFailureAlerts: true, alertMemberEmails: false },
      [group],
      'flaky-slack-flow',
    );
    const hook = await addSlackWebhook(slack, owner);
    slack.failWith.set(hook, 500);
    await failRuns(1, 'boom');
    const mail = await smtp.messageTo(group[0]!);
    expect(mail.subject).toContain('flaky-slack-flow failed');
    const failure = await failureOf(owner);
    expect(failure.message).toMatch(
      /^Slack #alerts-\d+ in Test Workspace: answered 500: rollup_error$/,
    );
    // Tried again after the first delay (2 s).
    for (let wait = 0; wait < 100 && slack.attempts.filter((p) => p === hook).length < 2; wait++) {
      await sleep(100);
    }
    expect(slack.attempts.filter((path) => path === hook).length).toBeGreaterThanOrEqual(2);
    expect(slack.posts.filter(postedTo(hook))).toEqual([]);
    worker.close();
  });

  it('whose host refuses connections is shown, and the email still arrives', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const group = [address('slack-refused')];
    const { owner, worker, failRuns } = await alertingTenant(
      t,
      { enableWorkflowRunFailureAlerts: true, alertMemberEmails: false },
      [group],
      'refused-slack-flow',
    );
    await addSlackWebhook(slack, owner, `http://127.0.0.1:${port}/services/T0/B0/gone`);
    await failRuns(1, 'boom');
    expect((await smtp.messageTo(group[0]!)).subject).toContain('refused-slack-flow failed');
    const failure = await failureOf(owner);
    expect(failure.message).toMatch(/^Slack #alerts-\d+ in Test Workspace: could not connect: /);
    expect(failure.message).toContain('ECONNREFUSED');
    // The URL (a credential) is not in what members are shown.
    expect(failure.message).not.toContain('/services/');
    worker.close();
  });

  it('is retried with backoff until it takes the message', async () => {
    const owner = await registerOwner(t.app);
    const hook = await addSlackWebhook(slack, owner);
    slack.failWith.set(hook, 503);
    const poster = new SlackPoster(silent, [50, 50, 50]);
    const outcomes: string[] = [];
    poster.post(
      { url: `${slack.url}${hook}`, teamName: 'Test Workspace', channelName: '#x' },
      { text: 'hello', blocks: [] },
      {
        delivered: () => outcomes.push('delivered'),
        failed: (error) => {
          outcomes.push((error as Error).message);
          // The webhook recovers after two failures.
          if (outcomes.length === 2) slack.failWith.delete(hook);
        },
      },
    );
    const post = await slack.nextPost(postedTo(hook));
    expect(post.body).toEqual({ text: 'hello', blocks: [] });
    await poster.close();
    expect(outcomes).toEqual([
      'answered 503: rollup_error',
      'answered 503: rollup_error',
      'delivered',
    ]);
  });

  it('that is gone (404) is not retried', async () => {
    const owner = await registerOwner(t.app);
    const hook = await addSlackWebhook(slack, owner);
    slack.failWith.set(hook, 404);
    const poster = new SlackPoster(silent, [20, 20, 20]);
    const failed = new Promise<unknown>((resolve) =>
      poster.post(
        { url: `${slack.url}${hook}`, teamName: 'Test Workspace', channelName: '#x' },
        { text: 'hello', blocks: [] },
        { delivered: () => resolve('delivered'), failed: resolve },
      ),
    );
    expect(((await failed) as Error).message).toBe('answered 404: no_service');
    await sleep(200);
    await poster.close();
    expect(slack.attempts.filter((path) => path === hook)).toHaveLength(1);
  });
});

describe('resource-limit alerts', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let slack: SlackServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    slack = await startSlackTestServer();
    t = await startTestApp({ ...smtp.env, ...slack.env(), TRELLIS_EMAIL_VERIFICATION: 'off' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await slack.close();
  });

  /** An alerting service of its own (as after a restart), run until its work is done. */
  async function alertingRun(calls: (alerting: Alerting) => void, now?: () => Date) {
    const mailer = new Mailer(
      smtpDelivery({ host: '127.0.0.1', port: smtp.port, tls: 'none', auth: undefined }, 'a@b.c'),
      silent,
    );
    const alerting = new Alerting({
      db: t.db,
      mailer,
      publicUrl: TEST_PUBLIC_URL,
      log: silent,
      now,
    });
    calls(alerting);
    await alerting.close();
    await mailer.close();
  }

  it('sends one email and one Slack message per resource and kind a day', async () => {
    const owner = await registerOwner(t.app);
    const group = [address('limits')];
    await owner.client.patch(`/api/v1/tenants/${owner.tenantId}`, { alertMemberEmails: false });
    await owner.client.post(`/api/v1/tenants/${owner.tenantId}/alerting-email-groups`, {
      emails: group,
    });
    const hook = await addSlackWebhook(slack, owner);
    const events = {
      tenantId: owner.tenantId,
      resource: 'EVENT',
      value: 1000,
      limitValue: 1000,
      alarmValue: 800,
      kind: 'exhausted',
      window: '1 day',
    } as const;
    const mine = () => smtp.received.filter((mail) => mail.to === group[0]);
    const posts = () => slack.posts.filter(postedTo(hook));

    await alertingRun((alerting) => {
      alerting.resourceLimitReached(events);
      alerting.resourceLimitReached(events);
    });
    const limitsLink = `${TEST_PUBLIC_URL}/tenants/${owner.tenantId}/tenant-settings/billing-and-limits`;
    const mail = await smtp.messageTo(group[0]!);
    expect(mail.subject).toContain('Limit of 1000 events (counted over 1 day) reached');
    expect(mail.text).toContain('1000 in use');
    expect(mail.link).toBe(limitsLink);
    const post = await slack.nextPost(postedTo(hook));
    expect(post.body.text).toContain('Limit of 1000 events (counted over 1 day) reached');
    expect(slackText(post)).toContain(limitsLink);
    expect(mine()).toEqual([]);
    expect(posts()).toEqual([]);

    // After a restart, within the day: nothing. Another kind of the same resource: alerted.
    await alertingRun((alerting) => {
      alerting.resourceLimitReached(events);
      alerting.resourceLimitReached({ ...events, kind: 'alarm', value: 800 });
    });
    expect((await smtp.messageTo(group[0]!)).subject).toContain('800 of 1000 events');
    expect((await slack.nextPost(postedTo(hook))).body.text).toContain('800 of 1000 events');
    expect(mine()).toEqual([]);
    expect(posts()).toEqual([]);

    // A day later, once more.
    const tomorrow = () => new Date(Date.now() + 24 * 3_600_000 + 60_000);
    await alertingRun((alerting) => alerting.resourceLimitReached(events), tomorrow);
    expect((await smtp.messageTo(group[0]!)).subject).toContain('Limit of 1000 events');
    expect((await slack.nextPost(postedTo(hook))).body.text).toContain('Limit of 1000 events');
  });

  it('sends nothing when the tenant turned resource-limit alerts off', async () => {
    const owner = await registerOwner(t.app);
    await owner.client.patch(`/api/v1/tenants/${owner.tenantId}`, {
      enableTenantResourceLimitAlerts: false,
    });
    const hook = await addSlackWebhook(slack, owner);
    await alertingRun((alerting) =>
      alerting.resourceLimitReached({
        tenantId: owner.tenantId,
        resource: 'WORKER',
        value: 5,
        limitValue: 5,
        alarmValue: 4,
        kind: 'exhausted',
      }),
    );
    expect(smtp.received.filter((mail) => mail.to === owner.email)).toEqual([]);
    expect(slack.attempts.filter((path) => path === hook)).toEqual([]);
  });
});
