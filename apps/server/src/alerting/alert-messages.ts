import { escapeHtml } from '../email/account-messages';
import type { EmailMessage } from '../email/email-message';
import type { ResourceLimitAlert, TenantResource } from './resource-limit-alert';

/** A failed run as an alert lists it. */
export interface AlertedRun {
  runId: string;
  workflowName: string;
  finishedAt: Date;
  error: string | null;
  /** The run's page in the dashboard. */
  link: string;
}

/** Longest error quoted in an alert; the run's page has all of it. */
const MAX_ERROR_CHARS = 2_000;

/** What an alert says of a failed run whose tasks recorded no error. */
export const NO_ERROR_RECORDED = '(no error message was recorded)';

/** How alerts are spaced, said at the end of each failure alert. */
export const FREQUENCY_NOTE =
  'Alerts are sent at most once per the tenant’s alerting frequency; failures in between are summarised in the next alert. Change this under Settings → Alerting.';

/** "1 more failed run", "99 more failed runs": what a summary counts. */
export function failedRunsLabel(count: number): string {
  return `${count} more failed ${count === 1 ? 'run' : 'runs'}`;
}

/**
 * A failure alert. Sent at once, it is about one run: its workflow, error and link. Sent when
 * the tenant's window ends (`heldSince`), it summarises the failures held back since: how many,
 * the first in detail, a few more listed. `runs` holds the first few, `total` counts them all.
 */
export function failureAlertMessage(input: {
  to: string;
  tenantName: string;
  runs: readonly AlertedRun[];
  total: number;
  heldSince?: Date | undefined;
  frequency?: string | undefined;
}): EmailMessage {
  const [first, ...others] = input.runs;
  if (!first) throw new Error('an alert names at least one run');
  const summary = input.heldSince !== undefined;
  const subject = summary
    ? `[${input.tenantName}] ${failedRunsLabel(input.total)} since ${input.heldSince!.toISOString()}`
    : `[${input.tenantName}] ${first.workflowName} failed`;
  const error = truncate(first.error?.trim() || NO_ERROR_RECORDED);
  const intro = summary
    ? `And ${failedRunsLabel(input.total)} since ${input.heldSince!.toISOString()} in the tenant "${input.tenantName}": alerts are sent at most once every ${input.frequency ?? 'alerting period'}, so these were held back. The first: the workflow "${first.workflowName}" failed at ${first.finishedAt.toISOString()}.`
    : `A run of the workflow "${first.workflowName}" failed in the tenant "${input.tenantName}" at ${first.finishedAt.toISOString()}.`;
  const unlisted = input.total - 1 - others.length;
  const othersLine =
    others.length > 0
      ? `Among the others${unlisted > 0 ? ` (${unlisted} more not listed)` : ''}:`
      : undefined;
  const listed = others.map((run) => `- ${run.workflowName}: ${run.link}`);
  const text = [
    intro,
    '',
    first.link,
    '',
    'Error:',
    error,
    '',
    ...(othersLine ? [othersLine, ...listed, ''] : []),
    FREQUENCY_NOTE,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:15px;color:#111827">',
    `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>`,
    `<p style="margin:0 0 16px"><a href="${escapeHtml(first.link)}" style="display:inline-block;padding:10px 16px;border-radius:6px;background:#2563eb;color:#ffffff;text-decoration:none">View run</a></p>`,
    '<p style="margin:0 0 4px;font-weight:600">Error</p>',
    `<pre style="margin:0 0 16px;padding:12px;background:#f3f4f6;border-radius:6px;white-space:pre-wrap;font-size:13px">${escapeHtml(error)}</pre>`,
    ...(othersLine
      ? [
          `<p style="margin:0 0 8px">${escapeHtml(othersLine)}</p>`,
          '<ul style="margin:0 0 16px">',
          ...others.map(
            (run) =>
              `<li><a href="${escapeHtml(run.link)}">${escapeHtml(run.workflowName)}</a> at ${escapeHtml(run.finishedAt.toISOString())}</li>`,
          ),
          '</ul>',
        ]
      : []),
    `<p style="margin:16px 0 0;color:#6b7280;font-size:13px">${escapeHtml(FREQUENCY_NOTE)}</p>`,
    '</body></html>',
  ].join('');
  return { to: input.to, subject, text, html, link: first.link };
}

/** API tokens of the tenant that expire within a few days. */
export function expiringTokensMessage(input: {
  to: string;
  tenantName: string;
  tokens: readonly { name: string; expiresAt: Date }[];
  link: string;
}): EmailMessage {
  const count = input.tokens.length;
  const subject = `[${input.tenantName}] ${count === 1 ? `API token "${input.tokens[0]!.name}" expires` : `${count} API tokens expire`} soon`;
  const intro = `${count === 1 ? 'This API token' : 'These API tokens'} of the tenant "${input.tenantName}" will expire within 7 days. Workers and clients using ${count === 1 ? 'it' : 'them'} stop working then: create a new token and replace ${count === 1 ? 'it' : 'them'}.`;
  const lines = input.tokens.map(
    (token) => `- ${token.name}: expires ${token.expiresAt.toISOString()}`,
  );
  const text = [intro, '', ...lines, '', input.link, ''].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:15px;color:#111827">',
    `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>`,
    '<ul style="margin:0 0 16px">',
    ...input.tokens.map(
      (token) =>
        `<li>${escapeHtml(token.name)}: expires ${escapeHtml(token.expiresAt.toISOString())}</li>`,
    ),
    '</ul>',
    `<p style="margin:0 0 16px"><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 16px;border-radius:6px;background:#2563eb;color:#ffffff;text-decoration:none">Manage API tokens</a></p>`,
    '</body></html>',
  ].join('');
  return { to: input.to, subject, text, html, link: input.link };
}

/** A resource limit reached, as both email and Slack tell it. */
export interface ResourceLimitContent {
  tenantName: string;
  alert: ResourceLimitAlert;
  /** The tenant's resource limits page. */
  link: string;
}

/** Resources as the limits page names them. */
const RESOURCE_LABELS: Record<TenantResource, string> = {
  WORKER: 'workers',
  WORKER_SLOT: 'worker slots',
  EVENT: 'events',
  TASK_RUN: 'task runs',
  CRON: 'cron triggers',
  SCHEDULE: 'schedule triggers',
  INCOMING_WEBHOOK: 'incoming webhooks',
};

export function resourceLimitSentence({ tenantName, alert }: ResourceLimitContent): {
  subject: string;
  body: string;
} {
  const what = RESOURCE_LABELS[alert.resource];
  const limit = `${alert.limitValue} ${what}${alert.window ? ` (counted over ${alert.window})` : ''}`;
  if (alert.kind === 'exhausted') {
    return {
      subject: `Limit of ${limit} reached`,
      body: `The tenant "${tenantName}" reached its limit of ${limit}: ${alert.value} in use. More are refused until ${alert.window ? 'the window moves on' : 'some are removed'}, or the limit is raised.`,
    };
  }
  return {
    subject: `${alert.value} of ${limit} used`,
    body: `The tenant "${tenantName}" uses ${alert.value} of its limit of ${limit}; this alert is sent from ${alert.alarmValue}. Beyond the limit, more are refused.`,
  };
}

export function resourceLimitMessage(input: ResourceLimitContent & { to: string }): EmailMessage {
  const { subject, body } = resourceLimitSentence(input);
  const text = [body, '', input.link, ''].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:15px;color:#111827">',
    `<p style="margin:0 0 16px">${escapeHtml(body)}</p>`,
    `<p style="margin:0 0 16px"><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 16px;border-radius:6px;background:#2563eb;color:#ffffff;text-decoration:none">View resource limits</a></p>`,
    '</body></html>',
  ].join('');
  return {
    to: input.to,
    subject: `[${input.tenantName}] ${subject}`,
    text,
    html,
    link: input.link,
  };
}

function truncate(text: string): string {
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}…` : text;
}
