/**
 * The engine lease: which one server process runs the engine on a database. The engine keeps
 * every tenant's queues, slots and limits in memory, so exactly one process may schedule at a
 * time; the others wait, and the first to find the lease's time run out takes it over and
 * recovers the engine's state from the database, as a restart does (README: ownership).
 *
 * - **Taken** with one upsert that succeeds only when the lease is free, expired or already
 *   ours; every change of holder starts a new generation.
 * - **Renewed** every third of its time to live. A renewal that fails or comes late does not
 *   stop the holder: only finding another generation in the row does. A holder paused or cut off
 *   longer than the time to live may have lost the lease meanwhile, which the fence covers.
 * - **Fenced**: every tick checks, inside its transaction, that this process still holds this
 *   generation (queries/lease.queries.ts). A takeover waits for a tick in progress to commit,
 *   and no later tick of the old holder can commit: it cannot write as if it held the lease.
 * - **Released** on a clean stop, with a notification, so a waiting process takes over at once.
 *
 * Losing the lease is not recoverable in place (memory may be behind what the new holder
 * writes): `onLost` is told once, and the server exits so that its supervisor restarts it as a
 * waiting process.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database, Queryable } from '@trellis/db';
import { EngineError } from './errors';
import {
  findLease,
  holdsLease,
  releaseLease,
  renewLease,
  takeLease,
  type LeaseAddresses,
  type LeaseRow,
} from './queries/lease.queries';

export type { LeaseAddresses, LeaseRow };

/** Where a released lease is announced, so that waiting processes try at once. */
export const LEASE_CHANNEL = 'trellis_engine_lease';

export const LEASE_DEFAULTS = {
  name: 'engine',
  /**
   * A killed holder's lease is taken over at most this long after its last renewal, plus one
   * retry interval: 5 s + 1 s, inside the 10 s a takeover may take, with room for the
   * recovery that follows. Shorter would make a slow database look like a dead holder.
   */
  ttlMs: 5_000,
  retryEveryMs: 1_000,
} as const;

export interface LeaseOptions {
  db: Database;
  name?: string;
  /** Who asks; by default the host, the process id and a random part (unique per start). */
  holder?: string;
  ttlMs?: number;
  retryEveryMs?: number;
  /** Where this process serves, recorded with the lease it takes for the others to forward to. */
  addresses?: LeaseAddresses;
  /** Told once, while another process holds the lease, who it is and until when. */
  onWaiting?: (held: LeaseRow) => void;
  /** Told once when this process no longer holds the lease it had. */
  onLost: (reason: string) => void;
  /** Stops waiting for the lease (a stop signal while waiting): `acquire` rejects. */
  signal?: AbortSignal;
}

export class EngineLease {
  private readonly renewTimer: NodeJS.Timeout;
  private lost = false;
  private released = false;

  private constructor(
    private readonly options: Required<
      Pick<LeaseOptions, 'db' | 'name' | 'holder' | 'ttlMs' | 'onLost'>
    >,
    readonly generation: string,
  ) {
    this.renewTimer = setInterval(() => void this.renew(), Math.floor(options.ttlMs / 3));
    this.renewTimer.unref();
  }

  /** Waits until this process holds the lease (at once when nobody does) and keeps it. */
  static async acquire(options: LeaseOptions): Promise<EngineLease> {
    const settings = {
      db: options.db,
      name: options.name ?? LEASE_DEFAULTS.name,
      holder: options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
      ttlMs: options.ttlMs ?? LEASE_DEFAULTS.ttlMs,
      onLost: options.onLost,
    };
    const retryEveryMs = options.retryEveryMs ?? LEASE_DEFAULTS.retryEveryMs;
    let wake: (() => void) | undefined;
    const unlisten = await options.db.listen(LEASE_CHANNEL, (name) => {
      if (name === settings.name) wake?.();
    });
    const onAbort = () => wake?.();
    options.signal?.addEventListener('abort', onAbort);
    try {
      let told = false;
      for (;;) {
        options.signal?.throwIfAborted();
        const generation = await takeLease(
          options.db,
          settings.name,
          settings.holder,
          settings.ttlMs,
          options.addresses,
        );
        if (generation !== null) return new EngineLease(settings, generation);
        if (!told && options.onWaiting) {
          const held = await findLease(options.db, settings.name);
          if (held) options.onWaiting(held);
          told = true;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, retryEveryMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
      await unlisten();
    }
  }

  /** Who holds the lease now, and where it serves (a process standing by forwards there). */
  static current(db: Queryable, name: string = LEASE_DEFAULTS.name): Promise<LeaseRow | undefined> {
    return findLease(db, name);
  }

  get holder(): string {
    return this.options.holder;
  }

  /**
   * Inside a tick's transaction, before anything is written: refuses (the tick rolls back,
   * its callers get UNAVAILABLE) once this process no longer holds its generation.
   */
  async fence(tx: Queryable): Promise<void> {
    if (!this.lost && (await holdsLease(tx, this.options.name, this.holder, this.generation))) {
      return;
    }
    this.lose('another process holds the engine lease now');
    throw new EngineError('UNAVAILABLE', 'this server no longer runs the engine; retry');
  }

  /** Gives the lease up at once and tells the waiting processes. */
  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    clearInterval(this.renewTimer);
    if (this.lost) return;
    const { db, name, holder } = this.options;
    await releaseLease(db, name, holder, this.generation);
    await db.query('SELECT pg_notify($1, $2)', [LEASE_CHANNEL, name]);
  }

  private async renew(): Promise<void> {
    if (this.lost || this.released) return;
    const { db, name, holder, ttlMs } = this.options;
    try {
      if (!(await renewLease(db, name, holder, this.generation, ttlMs))) {
        this.lose('another process took the engine lease');
      }
    } catch {
      // A renewal that fails or waits (a busy pool, a database restarting) is tried again at
      // the next interval. Meanwhile the lease may lapse and be taken: the fence keeps this
      // process from committing after that, and the next renewal finds out and stops it.
    }
  }

  private lose(reason: string): void {
    if (this.lost || this.released) return;
    this.lost = true;
    clearInterval(this.renewTimer);
    this.options.onLost(reason);
  }
}
