/**
 * Live updates for dashboards: each tenant's changes (the engine's, after COMMIT) as
 * server-sent events. Changes are gathered for FLUSH_MS, their ids resolved to what the REST
 * API shows (task and run external ids) in one query, and sent as one `changes` message to every
 * open stream of the tenant, with the changed runs' list rows when there are few of them, so an
 * open list shows a change at once instead of after a refetch. The last RING_SIZE messages are kept, and a tenant's changes are
 * still gathered for RESUME_GRACE_MS after its last stream closed, so a stream that reconnects
 * with Last-Event-ID misses nothing; one that asks for older ones (or for messages of another
 * feed: the server restarted, or the grace ran out) gets `reset`: fetch everything again. A
 * stream whose client reads too slowly is closed rather than buffered without bound (the
 * browser reconnects and resumes).
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { V1LiveChanges, V1TaskSummary } from '@trellis/api-contract';
import type { Queryable } from '@trellis/db';
import type { EngineApi, TenantChanges } from '@trellis/engine';

/** How long changes gather before a message goes out: at most this much added latency. */
export const FLUSH_MS = 50;
export const HEARTBEAT_MS = 15_000;
/** Messages kept per tenant for streams that resume. */
export const RING_SIZE = 200;
/** Ids one message names at most; beyond, it says `all`. */
export const MAX_IDS = 500;
/** Runs whose list rows one message carries at most (a page); beyond, lists refetch. */
export const MAX_ROWS = 50;
/** Unsent bytes a stream may hold before it is closed as too slow. */
export const MAX_BUFFERED_BYTES = 256 * 1024;
/** How long a tenant's feed outlives its last stream, for reconnects to resume. */
export const RESUME_GRACE_MS = 30_000;
/** Tasks whose API ids are remembered: a task changes several times (queued, started, ...). */
export const KNOWN_TASKS = 50_000;

interface Message {
  seq: number;
  text: string;
}

interface TenantFeed {
  /** Names this feed in message ids: ids of an earlier feed cannot be resumed. */
  id: string;
  seq: number;
  streams: Set<ServerResponse>;
  ring: Message[];
  pending: { tasks: Set<string>; logs: Set<string>; workers: Set<string> };
  timer: NodeJS.Timeout | undefined;
  /** Drops the feed once the grace after its last stream has passed. */
  expiry: NodeJS.Timeout | undefined;
}

interface TaskIds {
  externalId: string;
  runId: string;
}

/** Runs of a tenant as the runs list shows them, read when a message goes out. */
export type RunRowsReader = (
  tenantId: string,
  runIds: readonly string[],
) => Promise<V1TaskSummary[]>;

export class LiveUpdates {
  /** Internal task id → its API ids, the least recently learnt first. */
  private readonly known = new Map<string, TaskIds>();
  private readonly tenants = new Map<string, TenantFeed>();
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly db: Queryable,
    engine: EngineApi,
    private readonly onError: (message: string, error: unknown) => void,
    private readonly readRows: RunRowsReader,
  ) {
    this.unsubscribe = engine.subscribeToChanges((changes) => this.gather(changes));
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Opens a tenant's stream on `response`, resuming after `lastEventId` when it can. */
  open(tenantId: string, response: ServerResponse, lastEventId: string | undefined): void {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies that buffer responses (nginx) would hold the events back.
      'x-accel-buffering': 'no',
    });
    response.write('retry: 2000\n\n');
    const feed = this.feed(tenantId);
    const missed = this.missedSince(feed, lastEventId);
    if (missed === 'reset') this.write(response, 'event: reset\ndata: {}\n\n');
    else for (const message of missed) this.write(response, message.text);
    feed.streams.add(response);
    clearTimeout(feed.expiry);
    response.on('close', () => {
      feed.streams.delete(response);
      if (feed.streams.size > 0) return;
      feed.expiry = setTimeout(() => {
        if (feed.streams.size === 0 && this.tenants.get(tenantId) === feed) {
          clearTimeout(feed.timer);
          this.tenants.delete(tenantId);
        }
      }, RESUME_GRACE_MS);
      feed.expiry.unref();
    });
  }

  /**
   * Ends the streams of the tenants this process no longer schedules (their shard moved), and
   * forgets their feeds: their changes are now made elsewhere, so a stream left open would go
   * quiet. Reopened, a stream reaches the tenant's new home, or gets `reset` here.
   */
  endTenants(moved: (tenantId: string) => boolean): void {
    for (const [tenantId, feed] of this.tenants) {
      if (!moved(tenantId)) continue;
      this.tenants.delete(tenantId);
      this.endFeed(feed);
    }
  }

  /** Ends every stream (the server is closing) and stops listening. */
  close(): void {
    this.unsubscribe();
    clearInterval(this.heartbeat);
    for (const feed of this.tenants.values()) this.endFeed(feed);
    this.tenants.clear();
  }

  private endFeed(feed: TenantFeed): void {
    clearTimeout(feed.timer);
    clearTimeout(feed.expiry);
    for (const stream of feed.streams) stream.end();
    // A flush already on its way then writes to nobody.
    feed.streams.clear();
  }

  private feed(tenantId: string): TenantFeed {
    let feed = this.tenants.get(tenantId);
    if (!feed) {
      feed = {
        id: randomBytes(6).toString('hex'),
        seq: 0,
        streams: new Set(),
        ring: [],
        pending: { tasks: new Set(), logs: new Set(), workers: new Set() },
        timer: undefined,
        expiry: undefined,
      };
      this.tenants.set(tenantId, feed);
    }
    return feed;
  }

  private missedSince(feed: TenantFeed, lastEventId: string | undefined): Message[] | 'reset' {
    if (lastEventId === undefined || lastEventId === '') return [];
    const [feedId, seqText] = lastEventId.split(':');
    const seq = Number(seqText);
    if (feedId !== feed.id || !Number.isInteger(seq) || seq > feed.seq) return 'reset';
    // The ring must still hold the first message after `seq`.
    const oldest = feed.ring[0]?.seq ?? feed.seq + 1;
    if (oldest > seq + 1) return 'reset';
    return feed.ring.filter((message) => message.seq > seq);
  }

  /** Changes of tenants with a feed (watched, or lately) wait for the next flush. */
  private gather(changes: ReadonlyMap<string, TenantChanges>): void {
    for (const [tenantId, changed] of changes) {
      const feed = this.tenants.get(tenantId);
      if (!feed) continue;
      for (const id of changed.tasks) feed.pending.tasks.add(id);
      for (const id of changed.logs) feed.pending.logs.add(id);
      for (const id of changed.workers) feed.pending.workers.add(id);
      feed.timer ??= setTimeout(() => void this.flush(feed, tenantId), FLUSH_MS);
    }
  }

  private async flush(feed: TenantFeed, tenantId: string): Promise<void> {
    const { tasks, logs, workers } = feed.pending;
    feed.pending = { tasks: new Set(), logs: new Set(), workers: new Set() };
    const everything = { runs: [], tasks: [], logs: [], workers: [], all: true };
    let changes: V1LiveChanges = everything;
    if (tasks.size + logs.size + workers.size <= MAX_IDS) {
      try {
        changes = await this.resolve(tenantId, tasks, logs, workers);
      } catch (error) {
        // Nothing is lost: the streams are told to fetch everything again.
        this.onError('live updates: could not resolve the changed tasks', error);
      }
    }
    feed.timer = undefined;
    const seq = ++feed.seq;
    const message = {
      seq,
      text: `id: ${feed.id}:${seq}\nevent: changes\ndata: ${JSON.stringify(changes)}\n\n`,
    };
    feed.ring.push(message);
    if (feed.ring.length > RING_SIZE) feed.ring.shift();
    for (const stream of feed.streams) this.write(stream, message.text);
  }

  /** Internal task ids as the API names them, with their runs. */
  private async resolve(
    tenantId: string,
    tasks: ReadonlySet<string>,
    logs: ReadonlySet<string>,
    workers: ReadonlySet<string>,
  ): Promise<V1LiveChanges> {
    const ids = await this.taskIds(tenantId, new Set([...tasks, ...logs]));
    const runs = new Set<string>();
    const changedTasks: string[] = [];
    const logged: string[] = [];
    for (const [id, { externalId, runId }] of ids) {
      if (tasks.has(id)) {
        changedTasks.push(externalId);
        runs.add(runId);
      }
      if (logs.has(id)) logged.push(externalId);
    }
    const changes = { runs: [...runs], tasks: changedTasks, logs: logged, workers: [...workers] };
    if (runs.size === 0 || runs.size > MAX_ROWS) return changes;
    return { ...changes, rows: await this.readRows(tenantId, changes.runs) };
  }

  /** The API ids of tasks: remembered ones at once, the others in one query of the tenant's. */
  private async taskIds(tenantId: string, ids: ReadonlySet<string>): Promise<Map<string, TaskIds>> {
    const found = new Map<string, TaskIds>();
    const unknown: string[] = [];
    for (const id of ids) {
      const known = this.known.get(id);
      if (known) found.set(id, known);
      else unknown.push(id);
    }
    if (unknown.length === 0) return found;
    const { rows } = await this.db.query<{ id: string } & TaskIds>(
      `SELECT id::text, external_id AS "externalId", run_id AS "runId" FROM tasks
        WHERE tenant_id = $1 AND id = ANY($2::bigint[])`,
      [tenantId, unknown],
    );
    for (const { id, externalId, runId } of rows) {
      found.set(id, { externalId, runId });
      this.known.set(id, { externalId, runId });
    }
    for (const id of this.known.keys()) {
      if (this.known.size <= KNOWN_TASKS) break;
      this.known.delete(id);
    }
    return found;
  }

  private beat(): void {
    for (const feed of this.tenants.values()) {
      for (const stream of feed.streams) this.write(stream, ': heartbeat\n\n');
    }
  }

  /** Writes to a stream, closing it when its client has fallen too far behind. */
  private write(stream: ServerResponse, text: string): void {
    if (stream.writableEnded || stream.destroyed) return;
    if (stream.writableLength > MAX_BUFFERED_BYTES) {
      stream.destroy();
      return;
    }
    stream.write(text);
  }
}
