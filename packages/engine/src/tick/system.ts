/**
 * A system is one kind of operation the engine buffers and writes per tick (a trigger, a
 * worker's result, a cancel, …). It owns three things, so that adding a kind is one module plus
 * one line in systems/index.ts:
 *
 * - its buffer: what callers asked for since the last tick;
 * - its database phase: what it writes inside the tick's one transaction (`apply`);
 * - how its callers are answered: after COMMIT (`settle`), or with the error when the
 *   transaction fails (`fail`).
 *
 * Ticks run one at a time (tick-loop.ts), so a system keeps what it took for the running tick
 * between `take` and `settle`/`fail`; anything pushed meanwhile waits in the buffer for the next.
 */
import { Deferred } from './deferred';
import type { TickContext } from './tick-context';

export interface System {
  /** Operations waiting for the next tick (a bulk trigger counts once). */
  readonly pending: number;
  /** Moves the buffer into the tick about to run. */
  take(): void;
  /** The database phase, inside the tick's transaction; nothing to do when it took nothing. */
  apply(tick: TickContext): Promise<void>;
  /** After COMMIT: answers the callers of what it took. */
  settle(): void;
  /** The transaction failed and nothing was written: its callers get `error`. */
  fail(error: unknown): void;
}

/** An operation; when a caller awaits it, `result` is what its phase set for the answer. */
export interface Operation<R> {
  done?: Deferred<R>;
  result?: R;
}

/**
 * The common shape: a list of operations, each answered with the `result` its phase set, or
 * with the tick's error.
 */
export abstract class BufferedSystem<Op extends Operation<R>, R = void> implements System {
  private buffer: Op[] = [];
  /** What the running tick took. */
  protected taken: readonly Op[] = [];

  constructor(private readonly wake: () => void) {}

  get pending(): number {
    return this.buffer.length;
  }

  /** Buffers an operation nobody awaits and asks for a tick. */
  protected push(op: Op): void {
    this.buffer.push(op);
    this.wake();
  }

  /** Buffers an operation for a caller: the promise settles once its tick has committed. */
  protected pushAwaited(op: Omit<Op, 'done'>): Promise<R> {
    const done = new Deferred<R>();
    this.push({ ...op, done } as Op);
    return done.promise;
  }

  take(): void {
    this.taken = this.buffer;
    this.buffer = [];
  }

  abstract apply(tick: TickContext): Promise<void>;

  settle(): void {
    for (const op of this.taken) op.done?.resolve(op.result as R);
    this.taken = [];
  }

  fail(error: unknown): void {
    for (const op of this.taken) op.done?.reject(error);
    this.taken = [];
  }
}
