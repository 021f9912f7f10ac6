/**
 * The server acts as the worker for every webhook worker: it asks the endpoint which actions it
 * serves (a signed PUT, answered with `{"actions": [...]}`), registers an engine worker with
 * them, keeps it alive with heartbeats, and turns each task the engine assigns it into a
 * signed POST. The answer is the task's result: a 2xx body is its output (JSON, or empty for
 * none); any other status, no answer within the timeout, or a body that is not JSON fails the
 * attempt, so the task's retries apply. The engine sees an ordinary worker (slots, timeouts,
 * cancellation); requests happen here, outside its transactions.
 */
import { EngineError, type AssignedActionData, type EngineApi } from '@trellis/engine';
import type { Database } from '@trellis/db';
import { deliveryBody } from './delivery-body';
import type { WebhookWorkerSecretSealer } from './secret-sealer';
import { sendSignedRequest, type WebhookAnswer } from './signed-request';
import {
  insertWebhookWorkerRequest,
  listAllWebhookWorkers,
  markEngineWorker,
  type WebhookWorkerWithSecret,
} from './webhook-worker.queries';

/**
 * How often endpoints not yet connected are checked and connected ones heartbeat: within the
 * engine's inactivity window (10 s), as the SDKs' 4 s heartbeat is.
 */
const CHECK_INTERVAL_MS = 4_000;
const HEALTH_CHECK_TIMEOUT_MS = 10_000;
/** How long a delivery may take; the task's own timeout (a cancel) usually ends it first. */
const DELIVERY_TIMEOUT_MS = 5 * 60_000;

/** Tasks one webhook worker runs at once (the SDKs' default slot count). */
const WEBHOOK_WORKER_SLOTS = 100;
/** How many requests each webhook worker's log keeps, newest first. */
const REQUEST_LOG_SIZE = 100;
/** Of a failing answer's body, this much goes into the task's error. */
const ERROR_BODY_EXCERPT = 500;

interface Connection {
  row: WebhookWorkerWithSecret;
  secret: string;
  /** The engine worker acting for the endpoint. */
  workerId: string;
  /** Deliveries under way, by attempt: a cancel aborts its request. */
  inFlight: Map<string, AbortController>;
}

export interface WebhookWorkerSupervisorDeps {
  db: Database;
  engine: EngineApi;
  sealer: WebhookWorkerSecretSealer;
  /**
   * Registers the engine worker through the tenant's worker and slot limits (a webhook worker
   * counts as a worker); refused with a RESOURCE_EXHAUSTED EngineError at the limit.
   */
  admitWorker: (
    tenantId: string,
    slots: number,
    register: () => Promise<string>,
  ) => Promise<string>;
  log: (message: string, error: unknown) => void;
}

export class WebhookWorkerSupervisor {
  private readonly connections = new Map<string, Connection>();
  /** Endpoints whose health check is under way. */
  private readonly checking = new Set<string>();
  /** Every request under way, so close() can wait for them before the database goes. */
  private readonly pending = new Set<Promise<unknown>>();
  private readonly stopAll = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;

  constructor(private readonly deps: WebhookWorkerSupervisorDeps) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), CHECK_INTERVAL_MS);
    this.timer.unref();
    void this.tick();
  }

  /** A new endpoint: checked at once rather than at the next tick. */
  added(row: WebhookWorkerWithSecret): void {
    this.track(this.connect(row));
  }

  /** A deleted endpoint: its engine worker stops and its deliveries are abandoned. */
  async removed(webhookWorkerId: string): Promise<void> {
    const connection = this.connections.get(webhookWorkerId);
    if (!connection) return;
    this.connections.delete(webhookWorkerId);
    for (const controller of connection.inFlight.values()) controller.abort();
    await this.deps.engine
      .unsubscribeWorker(connection.row.tenantId, connection.workerId)
      .catch((error: unknown) => this.deps.log('webhook worker: unsubscribe failed', error));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.stopAll.abort();
    await Promise.allSettled([...this.pending]);
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.stopAll.signal.aborted) return;
    this.ticking = true;
    try {
      const rows = await listAllWebhookWorkers(this.deps.db);
      const present = new Set(rows.map((row) => row.id));
      // Deleted through another server process: this one stops acting for it too.
      for (const id of this.connections.keys()) if (!present.has(id)) await this.removed(id);
      for (const row of rows) {
        const connection = this.connections.get(row.id);
        if (connection) await this.heartbeat(connection);
        else this.track(this.connect(row));
      }
    } catch (error) {
      if (!this.stopAll.signal.aborted) this.deps.log('webhook worker check failed', error);
    } finally {
      this.ticking = false;
    }
  }

  private async heartbeat(connection: Connection): Promise<void> {
    try {
      await this.deps.engine.heartbeat(connection.row.tenantId, connection.workerId);
    } catch (error) {
      // The engine forgot the worker (it restarted, or the worker was stopped): connect anew.
      if (error instanceof EngineError && error.code === 'NOT_FOUND') {
        this.connections.delete(connection.row.id);
      } else throw error;
    }
  }

  /** Health check; on a good answer, an engine worker for the actions the endpoint lists. */
  private async connect(row: WebhookWorkerWithSecret): Promise<void> {
    if (this.checking.has(row.id) || this.connections.has(row.id)) return;
    this.checking.add(row.id);
    try {
      const secret = await this.deps.sealer.open(row);
      const answer = await this.request(
        row,
        secret,
        'PUT',
        { time: new Date().toISOString() },
        { timeoutMs: HEALTH_CHECK_TIMEOUT_MS },
      );
      const actions = answer.answered && isSuccess(answer.statusCode) && actionsOf(answer.body);
      if (!actions || this.stopAll.signal.aborted) return;
      const { engine } = this.deps;
      const workerId = await this.deps.admitWorker(row.tenantId, WEBHOOK_WORKER_SLOTS, () =>
        engine.registerWorker(row.tenantId, {
          name: row.name,
          actions,
          slotConfig: { default: WEBHOOK_WORKER_SLOTS },
        }),
      );
      await markEngineWorker(this.deps.db, row.tenantId, workerId, row.id);
      const connection: Connection = { row, secret, workerId, inFlight: new Map() };
      await engine.attachWorkerStream(row.tenantId, workerId, {
        send: (action) => this.track(this.deliver(connection, action)),
        close: () => {
          if (this.connections.get(row.id) === connection) this.connections.delete(row.id);
        },
      });
      // Heartbeats from now on. An endpoint deleted during its check is stopped by the next
      // tick, which finds it gone.
      this.connections.set(row.id, connection);
    } catch (error) {
      // At the tenant's worker limit the endpoint waits, checked again at the next tick.
      const limited = error instanceof EngineError && error.code === 'RESOURCE_EXHAUSTED';
      if (!limited && !this.stopAll.signal.aborted) {
        this.deps.log('webhook worker health check failed', error);
      }
    } finally {
      this.checking.delete(row.id);
    }
  }

  private async deliver(connection: Connection, action: AssignedActionData): Promise<void> {
    const key = `${action.taskExternalId}:${action.retryCount}`;
    if (action.kind === 'CANCEL') {
      connection.inFlight.get(key)?.abort();
      return;
    }
    const { engine } = this.deps;
    const { row, workerId } = connection;
    const report = (kind: 'STARTED' | 'COMPLETED' | 'FAILED', payload: string) =>
      engine.reportTaskEvent(row.tenantId, {
        taskExternalId: action.taskExternalId,
        retryCount: action.retryCount,
        workerId,
        kind,
        payload,
        at: new Date(),
      });
    const fail = (message: string) => report('FAILED', JSON.stringify({ message }));
    try {
      if (action.kind === 'START_BATCH') {
        await engine.reportBatchEvent(row.tenantId, {
          workerId,
          kind: 'FAILED',
          items: Object.keys(JSON.parse(action.payload) as object).map((taskExternalId) => ({
            taskExternalId,
            payload: JSON.stringify({ message: 'webhook workers do not run batched tasks' }),
          })),
        });
        return;
      }
      // Registered before STARTED is reported, so that a cancel arriving meanwhile is heard.
      const cancelled = new AbortController();
      connection.inFlight.set(key, cancelled);
      let answer: WebhookAnswer;
      try {
        await report('STARTED', '');
        answer = await this.request(
          row,
          connection.secret,
          'POST',
          deliveryBody(action, workerId),
          { timeoutMs: DELIVERY_TIMEOUT_MS, cancelled: cancelled.signal },
        );
      } finally {
        connection.inFlight.delete(key);
      }
      // Cancelled by the engine (or the endpoint deleted): the attempt has ended already.
      if (cancelled.signal.aborted || this.stopAll.signal.aborted) return;
      if (!answer.answered)
        return await fail(`the webhook worker did not answer: ${answer.reason}`);
      if (!isSuccess(answer.statusCode)) {
        const excerpt = answer.body.slice(0, ERROR_BODY_EXCERPT);
        return await fail(
          `the webhook worker answered ${answer.statusCode}${excerpt ? `: ${excerpt}` : ''}`,
        );
      }
      if (answer.body !== '' && !isJson(answer.body)) {
        return await fail(
          `the webhook worker answered ${answer.statusCode} with a body that is not JSON`,
        );
      }
      try {
        await report('COMPLETED', answer.body);
      } catch (error) {
        // An output the engine refuses (too large): the attempt fails with the reason.
        if (error instanceof EngineError && error.code === 'INVALID_ARGUMENT') {
          return await fail(error.message);
        }
        throw error;
      }
    } catch (error) {
      if (!this.stopAll.signal.aborted) this.deps.log('webhook worker delivery failed', error);
    }
  }

  /** Sends one signed request and records its method and status in the endpoint's log. */
  private async request(
    row: WebhookWorkerWithSecret,
    secret: string,
    method: 'PUT' | 'POST',
    body: unknown,
    limits: { timeoutMs: number; cancelled?: AbortSignal },
  ): Promise<WebhookAnswer> {
    const signal = AbortSignal.any([
      this.stopAll.signal,
      AbortSignal.timeout(limits.timeoutMs),
      ...(limits.cancelled ? [limits.cancelled] : []),
    ]);
    const answer = await sendSignedRequest({ url: row.url, method, body, secret, signal });
    if (!this.stopAll.signal.aborted) {
      await insertWebhookWorkerRequest(
        this.deps.db,
        {
          tenantId: row.tenantId,
          webhookWorkerId: row.id,
          method,
          statusCode: answer.answered ? answer.statusCode : 0,
        },
        REQUEST_LOG_SIZE,
      );
    }
    return answer;
  }

  private track(work: Promise<unknown>): void {
    this.pending.add(work);
    const done = () => this.pending.delete(work);
    work.then(done, done);
  }
}

function isSuccess(statusCode: number): boolean {
  return statusCode >= 200 && statusCode < 300;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The actions a health check's answer lists, or undefined when it lists none usable. */
function actionsOf(body: string): string[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const actions = (parsed as { actions?: unknown } | null)?.actions;
  if (!Array.isArray(actions)) return undefined;
  const names = actions.filter(
    (action): action is string => typeof action === 'string' && action !== '',
  );
  return names.length > 0 ? names : undefined;
}
