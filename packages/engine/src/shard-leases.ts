/**
 * Which server process schedules which tenants, on PostgreSQL: the tenants are split into
 * TENANT_SHARDS shards (tenant-scope.ts), and each shard is a lease in `engine_leases` held by
 * one process at a time, which runs that shard's engine. Every live process takes its fair share,
 * so adding a process spreads the scheduling, and a killed one's shards are taken over by the
 * others.
 *
 * - **Presence.** Each process keeps a lease of its own, `member:<holder>`, that nobody else
 *   takes. The live members, ordered by holder, decide each one's share: TENANT_SHARDS divided
 *   by their number, the first ones taking one more for the remainder, so the shares always add
 *   up to every shard.
 * - **Taken** with the same upsert as any lease (queries/lease.queries.ts): only when the shard is
 *   free, expired or already ours, a new holder starting a new generation. A process takes free
 *   shards while it holds fewer than its share, and gives the extra back while it holds more
 *   (a process joined): its engine for that shard closes first (the last tick commits and the
 *   workers are told to reconnect), then the lease is released and announced.
 * - **Renewed** all at once every third of the time to live. A shard missing from the renewal
 *   went to another process: its engine is dropped, since its memory may be behind what the new
 *   holder writes.
 * - **Fenced**: each shard's engine checks, inside each tick's transaction, that this process
 *   still holds that shard's generation (`holdsLease`, FOR SHARE): a process that lost a shard
 *   cannot commit as if it held it, and a takeover waits for a tick in progress.
 * - **Released** on a clean stop, engines first, with a notification, so that the others take
 *   the shards at once rather than after the time to live.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database, Queryable } from '@trellis/db';
import { EngineError } from './errors';
import {
  deleteLapsedMembers,
  holdsLease,
  listShardLeases,
  releaseLease,
  renewLeases,
  takeLease,
  type LeaseAddresses,
} from './queries/lease.queries';
import { shardOfTenant, TENANT_SHARDS } from './tenant-scope';

export type { LeaseAddresses };

/** Where a released shard or a new member is announced, so that the others act at once. */
export const LEASE_CHANNEL = 'trellis_engine_lease';

export const LEASE_DEFAULTS = {
  /**
   * A killed process's shards are taken over at most this long after its last renewal, plus
   * one renewal interval: 5 s + 1.7 s, inside the 10 s a takeover may take, with room for the
   * recovery that follows. Shorter would make a slow database look like a dead process.
   */
  ttlMs: 5_000,
} as const;

export const shardLeaseName = (shard: number) => `shard:${String(shard).padStart(2, '0')}`;
const memberLeaseName = (holder: string) => `member:${holder}`;

/** Where a tenant is scheduled, as seen from one process. */
export type TenantHome =
  | { here: true }
  | { here: false; addresses: LeaseAddresses }
  /** Nobody holds its shard right now (a takeover under way), or its holder gave no address. */
  | undefined;

/** How a shard ends here: given back to a process that joined, taken by another, or a stop. */
export type ShardEnd = 'rebalanced' | 'lost' | 'stopped';

export interface ShardLeasesOptions {
  db: Database;
  /** Who asks; by default the host, the process id and a random part (unique per start). */
  holder?: string;
  ttlMs?: number;
  /** Where this process serves, recorded with each shard it takes for the others to relay to. */
  addresses?: LeaseAddresses;
  /**
   * A shard became this process's: start its engine, fenced by `fence`. Serving it begins when
   * the promise resolves; a rejection gives the shard back.
   */
  gained(shard: number, fence: (tx: Queryable) => Promise<void>): Promise<void>;
  /** A shard is no longer this process's (or is about to be given back): stop its engine. */
  ended(shard: number, why: ShardEnd): Promise<void>;
  onError(message: string, error: unknown): void;
}

interface HeldShard {
  generation: string;
  /** Set once its engine serves; a shard still starting is not yet 'here'. */
  serving: boolean;
}

export class ShardLeases {
  readonly holder: string;
  private readonly ttlMs: number;
  private readonly held = new Map<number, HeldShard>();
  /** Where the other processes' shards are, read at most once per renewal interval. */
  private homes:
    { at: number; byShard: Promise<Map<number, LeaseAddresses | undefined>> } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  /** The balancing pass under way; passes never overlap. */
  private pass: Promise<void> = Promise.resolve();
  private passAgain = false;
  /** The renewal under way, which a stop waits for. */
  private renewal: Promise<void> = Promise.resolve();
  private renewing = false;
  private stopped = false;

  private constructor(private readonly options: ShardLeasesOptions) {
    this.holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.ttlMs = options.ttlMs ?? LEASE_DEFAULTS.ttlMs;
  }

  /**
   * Joins: announces this process, takes its share of the free shards (and resolves once their
   * engines serve), and keeps balancing from then on.
   */
  static async join(options: ShardLeasesOptions): Promise<ShardLeases> {
    const leases = new ShardLeases(options);
    await leases.start();
    return leases;
  }

  private async start(): Promise<void> {
    const { db } = this.options;
    this.unlisten = await db.listen(LEASE_CHANNEL, () => this.balance());
    await this.renewPresence();
    // Renewing starts before the first shards' engines recover, which may outlast the time to live.
    this.timer = setInterval(() => this.renew(), Math.floor(this.ttlMs / 3));
    this.timer.unref();
    await db.query('SELECT pg_notify($1, $2)', [LEASE_CHANNEL, memberLeaseName(this.holder)]);
    await this.balance();
  }

  /** The shards whose engines serve here now. */
  shards(): number[] {
    return [...this.held].filter(([, shard]) => shard.serving).map(([index]) => index);
  }

  /** Where the tenant is scheduled: here, at another process's addresses, or nowhere yet. */
  async homeOf(tenantId: string): Promise<TenantHome> {
    const shard = shardOfTenant(tenantId);
    if (this.held.get(shard)?.serving) return { here: true };
    const now = Date.now();
    if (!this.homes || now - this.homes.at > this.ttlMs / 3) {
      this.homes = { at: now, byShard: this.readHomes() };
      // A failed read is not kept: the next caller reads again.
      this.homes.byShard.catch(() => (this.homes = undefined));
    }
    const addresses = (await this.homes.byShard).get(shard);
    return addresses ? { here: false, addresses } : undefined;
  }

  /** Closes every engine here, gives the shards back at once and leaves. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    // A renewal still in flight would write the presence back after it is deleted below.
    await Promise.all([this.pass, this.renewal]);
    await this.unlisten?.();
    for (const shard of [...this.held.keys()]) await this.giveBack(shard, 'stopped');
    // Announced once this process is no longer a member, so the others count it out.
    await this.options.db.query(`DELETE FROM engine_leases WHERE name = $1`, [
      memberLeaseName(this.holder),
    ]);
    await this.announceRelease();
  }

  // ------------------------------------------------------------------------------------------

  /** Renews the presence and every held shard in one statement; drops the shards lost. */
  private renew(): void {
    // One at a time: an interval that comes while the last renewal still waits on the database
    // is skipped rather than queued behind it.
    if (this.stopped || this.renewing) return;
    this.renewing = true;
    this.renewal = this.renewOnce().finally(() => (this.renewing = false));
  }

  private async renewOnce(): Promise<void> {
    if (this.stopped) return;
    const { db } = this.options;
    // Only what was held when the renewal was sent is judged by it: a shard taken meanwhile
    // (a balancing pass runs beside it) is not in it and not lost.
    const asked = [...this.held].map(([shard, { generation }]) => ({ shard, generation }));
    const names = asked.map(({ shard }) => shardLeaseName(shard));
    let renewed: Set<string>;
    try {
      renewed = await renewLeases(
        db,
        this.holder,
        [memberLeaseName(this.holder), ...names],
        this.ttlMs,
      );
      if (!renewed.has(memberLeaseName(this.holder))) await this.renewPresence();
    } catch (error) {
      // Tried again at the next interval. Meanwhile a shard may lapse and be taken: its fence
      // keeps its engine from committing after that, and the next renewal drops it.
      this.options.onError('could not renew the shard leases; retrying', error);
      return;
    }
    for (const { shard, generation } of asked) {
      const still = this.held.get(shard)?.generation === generation;
      if (still && !renewed.has(shardLeaseName(shard))) this.lose(shard);
    }
    void this.balance();
  }

  private async renewPresence(): Promise<void> {
    const taken = await takeLease(
      this.options.db,
      memberLeaseName(this.holder),
      this.holder,
      this.ttlMs,
      this.options.addresses,
    );
    if (taken === null) throw new Error(`another process uses the holder name ${this.holder}`);
  }

  /** Runs a balancing pass after the one under way; asked again meanwhile, runs one more. */
  private balance(): Promise<void> {
    if (this.stopped) return this.pass;
    if (this.passAgain) return this.pass;
    this.passAgain = true;
    this.pass = this.pass.then(async () => {
      this.passAgain = false;
      if (this.stopped) return;
      try {
        await this.balanceOnce();
      } catch (error) {
        this.options.onError('could not balance the shards; retrying', error);
      }
    });
    return this.pass;
  }

  private async balanceOnce(): Promise<void> {
    const { db } = this.options;
    const leases = await listShardLeases(db);
    // Each start is a member of its own: forget the ones gone a while.
    if (leases.some((lease) => lease.member && !lease.live)) await deleteLapsedMembers(db);
    const members = leases
      .filter((lease) => lease.member && lease.live)
      .map((lease) => lease.holder)
      .sort();
    const rank = Math.max(0, members.indexOf(this.holder));
    const count = Math.max(1, members.length);
    const share = Math.floor(TENANT_SHARDS / count) + (rank < TENANT_SHARDS % count ? 1 : 0);

    if (this.held.size > share) {
      // Give back the highest shards: each process keeps a stable part of what it holds.
      const extra = [...this.held.keys()].sort((a, b) => b - a).slice(0, this.held.size - share);
      for (const shard of extra) await this.giveBack(shard, 'rebalanced');
      await this.announceRelease();
      return;
    }

    const free = leases
      .filter((lease) => !lease.member && !lease.live && lease.shard !== undefined)
      .map((lease) => lease.shard!);
    const named = new Set(leases.map((lease) => lease.shard));
    for (let shard = 0; shard < TENANT_SHARDS; shard++) if (!named.has(shard)) free.push(shard);
    // Start at a place of this process's own, so that processes joining together do not all
    // ask for the same shards first.
    const offset = (rank * TENANT_SHARDS) / count;
    free.sort(
      (a, b) =>
        ((a - offset + TENANT_SHARDS) % TENANT_SHARDS) -
        ((b - offset + TENANT_SHARDS) % TENANT_SHARDS),
    );
    for (const shard of free) {
      if (this.held.size >= share || this.stopped) break;
      const name = shardLeaseName(shard);
      const generation = await takeLease(db, name, this.holder, this.ttlMs, this.options.addresses);
      if (generation === null) continue;
      const held: HeldShard = { generation, serving: false };
      this.held.set(shard, held);
      try {
        await this.options.gained(shard, (tx) => this.fence(tx, shard, generation));
        if (this.held.get(shard) !== held) {
          // Lost while its engine recovered: the loss was told before there was an engine to
          // stop, so it is told again now that there is one.
          await this.end(shard, 'lost');
          continue;
        }
        held.serving = true;
      } catch (error) {
        this.options.onError(`could not start the engine of shard ${shard}; giving it back`, error);
        if (this.held.get(shard) === held) this.held.delete(shard);
        await releaseLease(db, name, this.holder, generation);
      }
    }
  }

  /** Closes the shard's engine here (its last tick commits), then lets the others take it. */
  private async giveBack(shard: number, why: 'rebalanced' | 'stopped'): Promise<void> {
    const { generation } = this.held.get(shard)!;
    this.held.delete(shard);
    await this.end(shard, why);
    await releaseLease(this.options.db, shardLeaseName(shard), this.holder, generation);
  }

  private async announceRelease(): Promise<void> {
    await this.options.db.query('SELECT pg_notify($1, $2)', [LEASE_CHANNEL, 'released']);
  }

  /** Inside a tick's transaction: refuses once this process no longer holds the shard. */
  private async fence(tx: Queryable, shard: number, generation: string): Promise<void> {
    const held = this.held.get(shard);
    if (held?.generation === generation) {
      if (await holdsLease(tx, shardLeaseName(shard), this.holder, generation)) return;
      this.lose(shard);
    }
    throw new EngineError('UNAVAILABLE', 'this server no longer schedules this tenant; retry');
  }

  private lose(shard: number): void {
    if (!this.held.delete(shard)) return;
    void this.end(shard, 'lost');
  }

  private async end(shard: number, why: ShardEnd): Promise<void> {
    try {
      await this.options.ended(shard, why);
    } catch (error) {
      this.options.onError(`could not stop the engine of shard ${shard}`, error);
    }
  }

  private async readHomes(): Promise<Map<number, LeaseAddresses | undefined>> {
    const homes = new Map<number, LeaseAddresses | undefined>();
    for (const lease of await listShardLeases(this.options.db)) {
      if (lease.shard !== undefined && lease.live) homes.set(lease.shard, lease.addresses);
    }
    return homes;
  }
}
