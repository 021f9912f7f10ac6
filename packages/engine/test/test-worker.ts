/**
 * Test support: a worker as the gRPC layer would present it to the engine (an in-memory
 * stream collecting actions), and a tenant to run it in. Exported as `@trellis/engine/testing`
 * for other packages' tests; the engine itself never uses it.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '@trellis/db';
import type { Engine } from '../src/engine';
import type { AssignedActionData } from '../src/types';
import type { WorkerStream } from '../src/worker-pool';

export async function createTenant(db: Database): Promise<string> {
  const slug = `t-${randomUUID().slice(0, 8)}`;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO tenants (name, slug) VALUES ($1, $1) RETURNING id`,
    [slug],
  );
  return rows[0]!.id;
}

export class TestWorker implements WorkerStream {
  readonly actions: AssignedActionData[] = [];
  closed = false;
  id = '';
  private heartbeats: NodeJS.Timeout | undefined;
  private waiters: (() => void)[] = [];

  constructor(
    readonly engine: Engine,
    readonly tenantId: string,
    readonly name = 'test-worker',
  ) {}

  async connect(actions: string[], slots = 10, slotType = 'default'): Promise<this> {
    this.id = await this.engine.registerWorker(this.tenantId, {
      name: this.name,
      actions,
      slotConfig: { [slotType]: slots },
    });
    await this.engine.attachWorkerStream(this.tenantId, this.id, this);
    // Like the SDK's heartbeat thread, faster, so tests can use short expiry windows. A test
    // may close (restart) the engine under it: the engine then refuses, at once, and that is
    // fine for a worker that is about to be dropped.
    this.heartbeats = setInterval(() => {
      Promise.resolve()
        .then(() => this.engine.heartbeat(this.tenantId, this.id))
        .catch(() => {});
    }, 100);
    this.heartbeats.unref();
    return this;
  }

  send(action: AssignedActionData): void {
    this.actions.push(action);
    for (const wake of this.waiters.splice(0)) wake();
  }

  close(): void {
    this.closed = true;
    clearInterval(this.heartbeats);
  }

  /** Waits until `count` actions matching `predicate` have arrived; returns them. */
  async waitFor(
    predicate: (a: AssignedActionData) => boolean,
    count = 1,
    timeoutMs = 10_000,
  ): Promise<AssignedActionData[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.actions.filter(predicate);
      if (found.length >= count) return found;
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for ${count} actions; have ${JSON.stringify(found)}`);
      }
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  /** The n-th START (1-based) of an action. */
  async start(actionId: string, n = 1): Promise<AssignedActionData> {
    const found = await this.waitFor((a) => a.kind === 'START' && a.actionId === actionId, n);
    return found[n - 1]!;
  }

  async complete(action: AssignedActionData, output: unknown): Promise<void> {
    await this.report(action, 'STARTED', '""');
    await this.report(action, 'COMPLETED', JSON.stringify(output));
  }

  async fail(action: AssignedActionData, message: string, shouldNotRetry = false): Promise<void> {
    await this.report(action, 'STARTED', '""');
    await this.report(
      action,
      'FAILED',
      JSON.stringify({ message, stack: 'Error: ...' }),
      shouldNotRetry,
    );
  }

  report(
    action: AssignedActionData,
    kind: 'STARTED' | 'COMPLETED' | 'FAILED',
    payload: string,
    shouldNotRetry = false,
  ): Promise<void> {
    return this.engine.reportTaskEvent(this.tenantId, {
      taskExternalId: action.taskExternalId,
      retryCount: action.retryCount,
      workerId: this.name,
      kind,
      payload,
      shouldNotRetry,
    });
  }
}
