import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrors } from '@trellis/api-contract';
import { TestWorker } from '@trellis/engine/testing';
import { Alerting } from '../src/alerting/alerting';
import type { EmailLog } from '../src/email/email-message';
import { Mailer } from '../src/email/mailer';
import { smtpDelivery } from '../src/email/smtp-delivery';
import { waitForRunStatus } from './run-helpers';
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

describe('failure alerts through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ ...smtp.env, TRELLIS_EMAIL_VERIFICATION: 'off' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends one email per group and one to each member, with the workflow, error and link', async () => {
    const first = [address('ops'), address('lead')];
    const second = [address('oncall')];
    const { owner, worker, failRuns } = await alertingTenant(
      t,
      { enableWorkflowRunFailureAlerts: true },
      [first, second],
    );
    const [runId] = await failRuns(1, 'database unreachable: connection reset');
    const link = `${TEST_PUBLIC_URL}/tenants/${owner.tenantId}/runs/${runId}`;
    for (const to of [first[0]!, second[0]!, owner.email]) {
      const mail = await smtp.messageTo(to);
      expect(mail.subject).toContain('nightly-report failed');
      expect(mail.text).toContain('database unreachable: connection reset');
      expect(mail.link).toBe(link);
      expect(mail.html).toContain(link);
    }
    // The first group's addresses share one message.
    await sleep(1_500);
    expect(smtp.received.filter((mail) => [...first, ...second].includes(mail.to))).toEqual([]);
    expect(smtp.received.filter((mail) => mail.to === owner.email)).toEqual([]);
    const settings = await owner.client.get<Settings>(
      `/api/v1/tenants/${owner.tenantId}/alerting/settings`,
    );
    expect(settings.body.lastAlertedAt).toBeDefined();
    expect(settings.body.lastDeliveryFailure).toBeUndefined();
    worker.close();
  });

  it('sends one alert and one summary for a burst of 100 failures within the window', async () => {
    const group = [address('burst')];
    const { worker, failRuns } = await alertingTenant(
      t,
      {
        enableWorkflowRunFailureAlerts: true,
        alertMemberEmails: false,
        maxAlertingFrequency: '6s',
      },
      [group],
      'import-orders',
    );
    await failRuns(100, 'upstream returned 503');
    const alert = await smtp.messageTo(group[0]!);
    const summary = await smtp.messageTo(group[0]!);
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
    worker.close();
  }, 60_000);

  it('sends nothing when failure alerts are off', async () => {
    const group = [address('quiet')];
    const { owner, worker, failRuns } = await alertingTenant(t, {}, [group], 'quiet-flow');
    await failRuns(3, 'nobody should hear this');
    await sleep(2_000);
    expect(smtp.received.filter((mail) => mail.to === group[0] || mail.to === owner.email)).toEqual(
      [],
    );
    worker.close();
  });

  it('alerts an API token expiring within 7 days once', async () => {
    const group = [address('tokens')];
    const { owner, worker } = await alertingTenant(t, { alertMemberEmails: false }, [group]);
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
    await alerting.checkExpiringTokens();
    await alerting.close();
    // Another process checking finds nothing left to alert either.
    const again = new Alerting({ db: t.db, mailer, publicUrl: TEST_PUBLIC_URL, log: silent });
    await again.checkExpiringTokens();
    await again.close();
    await mailer.close();
    expect(smtp.received.filter((received) => received.to === group[0])).toEqual([]);
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
