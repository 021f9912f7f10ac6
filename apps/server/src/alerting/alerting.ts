/**
 * Alerts by email and Slack: failed runs (at most one alert per tenant per
 * `maxAlertingFrequency`, what was held back summarised in the next one), API tokens about to
 * expire (once each) and resource limits reached (once a day per resource and kind).
 *
 * The engine reports finished runs on its tick loop (`runsFinished`): they are only queued
 * here. A timer reads the failed ones in one statement per batch, outside the engine's
 * transactions, and hands the messages to the Mailer and the SlackPoster, which deliver in the
 * background with retries, each to its own destinations; each attempt's outcome is recorded on
 * the tenant's settings (the last failure is shown on the alerting page). Nothing here can slow
 * the engine: a relay that is down or a Slack URL that hangs only costs their timers.
 *
 * Where the frequency state lives: a tenant's window opens when an alert is sent, and its
 * start is persisted (`tenant_alerting_settings.last_alerted_at`), so a restart never sends
 * an alert early. The failures held back during a window are kept in memory: they are few
 * (the first handful and a count), live at most one window, and persisting them would cost a
 * write per failure on the hot path of a failure storm. A restart inside a window therefore
 * loses that window's summary (the runs stay in the runs list, filterable by status); the
 * server logs how many were dropped.
 */
import { parseDurationMs } from '@trellis/api-contract';
import type { Database } from '@trellis/db';
import type { FinishedRun } from '@trellis/engine';
import type { EmailLog, EmailMessage } from '../email/email-message';
import { byTenant } from '../by-tenant';
import type { DeliveryOutcome } from '../background-delivery';
import type { Mailer } from '../email/mailer';
import type { SlackMessage } from '../slack/slack-message';
import { SlackPoster } from '../slack/slack-poster';
import {
  expiringTokensMessage,
  failureAlertMessage,
  resourceLimitMessage,
  type AlertedRun,
} from './alert-messages';
import {
  claimExpiringTokens,
  claimResourceLimitAlert,
  clearDeliveryFailure,
  readAlertTargets,
  readFailedRunsToAlert,
  recordDeliveryFailure,
  setLastAlertedAt,
  type AlertTargetRow,
} from './alerting.queries';
import type { ResourceLimitAlert } from './resource-limit-alert';
import { expiringTokensSlack, failureAlertSlack, resourceLimitSlack } from './slack-alert-messages';

/** Tokens expiring within this long are alerted. */
export const EXPIRING_TOKEN_NOTICE_MS = 7 * 24 * 3_600_000;
/** Runs listed by name in an alert besides the first; the rest are counted. */
const LISTED_RUNS = 5;
/** Failed runs waiting to be read beyond this are dropped (and logged) rather than held. */
const MAX_PENDING_RUNS = 20_000;
/** Most runs read per statement. */
const MAX_RUNS_PER_FLUSH = 1_000;
/** Longest delivery failure message kept. */
const MAX_FAILURE_CHARS = 500;

export interface AlertingOptions {
  db: Database;
  mailer: Mailer;
  /** Posts to Slack webhooks; made here unless given (tests give one with short retries). */
  slack?: SlackPoster;
  /** Where links in alerts point: the dashboard's address. */
  publicUrl: string;
  log: Pick<EmailLog, 'error' | 'warn'>;
  /** How often finished runs are read (default 500 ms). */
  flushIntervalMs?: number;
  /** How often expiring tokens are looked for, besides once at start (default 1 hour). */
  tokenCheckIntervalMs?: number;
  now?: () => Date;
}

/** A tenant's open window: failures held back for the alert sent when it ends. */
interface TenantWindow {
  endsAt: number;
  timer: NodeJS.Timeout;
  held: AlertedRun[];
  heldCount: number;
}

export class Alerting {
  private pending: FinishedRun[] = [];
  private readonly windows = new Map<string, TenantWindow>();
  private readonly flushTimer: NodeJS.Timeout;
  private readonly tokenTimer: NodeJS.Timeout;
  private work: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly now: () => Date;
  private readonly slack: SlackPoster;

  constructor(private readonly options: AlertingOptions) {
    this.now = options.now ?? (() => new Date());
    this.slack = options.slack ?? new SlackPoster(options.log);
    this.flushTimer = setInterval(() => void this.flush(), options.flushIntervalMs ?? 500);
    this.flushTimer.unref();
    this.tokenTimer = setInterval(
      () => void this.checkExpiringTokens(),
      options.tokenCheckIntervalMs ?? 3_600_000,
    );
    this.tokenTimer.unref();
    void this.checkExpiringTokens();
  }

  /** For the engine's `onRunsFinished`: only failed runs are kept, to be read in the next batch. */
  readonly runsFinished = (runs: readonly FinishedRun[]): void => {
    if (this.closed) return;
    for (const run of runs) {
      if (run.status !== 'FAILED') continue;
      if (this.pending.length >= MAX_PENDING_RUNS) {
        this.options.log.warn(
          { runId: run.runId },
          'alerting: too many failed runs waiting; dropped',
        );
        continue;
      }
      this.pending.push(run);
    }
  };

  /** Reads the failed runs waiting and alerts (or holds them); one batch at a time. */
  flush(): Promise<void> {
    return this.serially(async () => {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, MAX_RUNS_PER_FLUSH);
        const rows = await readFailedRunsToAlert(
          this.options.db,
          batch.map((run) => run.runId),
        );
        const failedByTenant = byTenant(rows, (row): AlertedRun => ({
          runId: row.runId,
          workflowName: row.workflowName,
          finishedAt: row.finishedAt,
          error: row.error,
          link: this.runLink(row.tenantId, row.runId),
        }));
        for (const [tenantId, runs] of failedByTenant) {
          await this.failed(tenantId, runs, runs.length);
        }
      }
    });
  }

  /** Alerts the tokens about to expire that were not alerted yet; once at start, then hourly. */
  checkExpiringTokens(): Promise<void> {
    return this.serially(async () => {
      const tokens = await claimExpiringTokens(
        this.options.db,
        this.now(),
        EXPIRING_TOKEN_NOTICE_MS,
      );
      for (const [tenantId, tenantTokens] of byTenant(tokens)) {
        const targets = await readAlertTargets(this.options.db, tenantId);
        if (!targets) continue;
        const link = `${this.options.publicUrl}/tenants/${tenantId}/tenant-settings/api-tokens`;
        const content = { tenantName: targets.tenantName, tokens: tenantTokens, link };
        this.deliver(tenantId, targets, {
          email: (to) => expiringTokensMessage({ ...content, to }),
          slack: expiringTokensSlack(content),
        });
      }
    });
  }

  /**
   * The resource-limits module's sink (resource-limit-alert.ts): alerts the tenant, when it has
   * resource-limit alerts on, at most once a day per resource and kind (persisted, so neither
   * a restart nor another process sends it again). Returns at once; the work is queued.
   */
  resourceLimitReached(alert: ResourceLimitAlert): void {
    if (this.closed) return;
    void this.serially(async () => {
      if (!(await claimResourceLimitAlert(this.options.db, alert, this.now()))) return;
      const targets = await readAlertTargets(this.options.db, alert.tenantId);
      if (!targets) return;
      const content = {
        tenantName: targets.tenantName,
        alert,
        link: `${this.options.publicUrl}/tenants/${alert.tenantId}/tenant-settings/billing-and-limits`,
      };
      this.deliver(alert.tenantId, targets, {
        email: (to) => resourceLimitMessage({ ...content, to }),
        slack: resourceLimitSlack(content),
      });
    });
  }

  /**
   * Stops reading and drops the windows; emails handed over are the Mailer's to finish, Slack
   * posts under way finish here (their retries are given up).
   */
  async close(): Promise<void> {
    clearInterval(this.tokenTimer);
    clearInterval(this.flushTimer);
    await this.flush();
    this.closed = true;
    const held = [...this.windows.values()].reduce((sum, window) => sum + window.heldCount, 0);
    for (const window of this.windows.values()) clearTimeout(window.timer);
    this.windows.clear();
    if (held > 0)
      this.options.log.warn({ heldRuns: held }, 'alerting: stopped with failures not yet alerted');
    await this.work;
    await this.slack.close();
  }

  /** A tenant's failed runs: alerted now when no window is open, else held for its end. */
  private async failed(tenantId: string, runs: AlertedRun[], count: number): Promise<void> {
    const open = this.windows.get(tenantId);
    if (open) {
      this.hold(open, runs, count);
      return;
    }
    const targets = await readAlertTargets(this.options.db, tenantId);
    if (!targets?.enableWorkflowRunFailureAlerts) return;
    const windowMs = parseDurationMs(targets.maxAlertingFrequency);
    const now = this.now().getTime();
    const last = targets.lastAlertedAt?.getTime();
    if (last !== undefined && now < last + windowMs) {
      // A window opened before (by this process before a restart, or by another one).
      const window = this.openWindow(tenantId, last + windowMs);
      this.hold(window, runs, count);
      return;
    }
    // The first failure is alerted at once; the others, even of the same batch, wait for the
    // window's end and its summary.
    const [first, ...others] = runs;
    await this.alert(tenantId, targets, { runs: [first!], total: 1 });
    const window = this.openWindow(tenantId, now + windowMs);
    if (others.length > 0) this.hold(window, others, count - 1);
  }

  private hold(window: TenantWindow, runs: AlertedRun[], count: number): void {
    window.held.push(...runs.slice(0, Math.max(0, LISTED_RUNS + 1 - window.held.length)));
    window.heldCount += count;
  }

  private openWindow(tenantId: string, endsAt: number): TenantWindow {
    const timer = setTimeout(
      () => void this.serially(() => this.windowEnded(tenantId)),
      Math.max(0, endsAt - this.now().getTime()),
    );
    timer.unref();
    const window: TenantWindow = { endsAt, timer, held: [], heldCount: 0 };
    this.windows.set(tenantId, window);
    return window;
  }

  /** The window's end: the failures held back go out in one alert, which opens the next one. */
  private async windowEnded(tenantId: string): Promise<void> {
    const window = this.windows.get(tenantId);
    if (!window || this.closed) return;
    this.windows.delete(tenantId);
    if (window.heldCount === 0) return;
    const targets = await readAlertTargets(this.options.db, tenantId);
    if (!targets?.enableWorkflowRunFailureAlerts) return;
    const since = new Date(window.endsAt - parseDurationMs(targets.maxAlertingFrequency));
    await this.alert(tenantId, targets, {
      runs: window.held,
      total: window.heldCount,
      heldSince: since,
      frequency: targets.maxAlertingFrequency,
    });
    this.openWindow(tenantId, this.now().getTime() + parseDurationMs(targets.maxAlertingFrequency));
  }

  private async alert(
    tenantId: string,
    targets: AlertTargetRow,
    content: { runs: AlertedRun[]; total: number; heldSince?: Date; frequency?: string },
  ): Promise<void> {
    const runs = content.runs.slice(0, LISTED_RUNS + 1);
    const tenantName = targets.tenantName;
    this.deliver(tenantId, targets, {
      email: (to) => failureAlertMessage({ ...content, to, tenantName, runs }),
      slack: failureAlertSlack({ ...content, tenantName, runs }),
    });
    await setLastAlertedAt(this.options.db, tenantId, this.now());
  }

  /**
   * One email per email group (its addresses together) and one per member when the tenant
   * alerts its members (members already in a group are not mailed twice), and one post per
   * Slack webhook.
   */
  private deliver(
    tenantId: string,
    targets: AlertTargetRow,
    message: { email: (to: string) => EmailMessage; slack: SlackMessage },
  ): void {
    const inGroups = new Set(targets.groups.flat());
    const recipients = [
      ...targets.groups.filter((group) => group.length > 0).map((group) => group.join(', ')),
      ...targets.memberEmails.filter((email) => !inGroups.has(email)),
    ];
    for (const to of recipients) {
      this.options.mailer.send(message.email(to), this.outcome(tenantId, `Email to ${to}`));
    }
    for (const target of targets.slack) {
      const where = `Slack ${target.channelName} in ${target.teamName}`;
      this.slack.post(target, message.slack, this.outcome(tenantId, where));
    }
  }

  /** Records each attempt's outcome on the tenant's settings; a failure names where it went. */
  private outcome(tenantId: string, where: string): DeliveryOutcome {
    const sentAt = this.now();
    return {
      delivered: () => this.record(clearDeliveryFailure(this.options.db, tenantId, sentAt)),
      failed: (error) =>
        this.record(
          recordDeliveryFailure(
            this.options.db,
            tenantId,
            this.now(),
            describe(`${where}: ${error instanceof Error ? error.message : String(error)}`),
          ),
        ),
    };
  }

  /** Delivery outcomes are written in the background; a failure to write one is logged. */
  private record(write: Promise<void>): void {
    write.catch((error: unknown) =>
      this.options.log.error({ err: error }, 'alerting: could not record a delivery outcome'),
    );
  }

  /** Runs `task` after the work before it; a failure is logged, and the next task still runs. */
  private serially(task: () => Promise<void>): Promise<void> {
    this.work = this.work.then(task).catch((error: unknown) => {
      this.options.log.error({ err: error }, 'alerting failed');
    });
    return this.work;
  }

  private runLink(tenantId: string, runId: string): string {
    return `${this.options.publicUrl}/tenants/${tenantId}/runs/${runId}`;
  }
}

function describe(text: string): string {
  return text.length > MAX_FAILURE_CHARS ? `${text.slice(0, MAX_FAILURE_CHARS)}…` : text;
}
