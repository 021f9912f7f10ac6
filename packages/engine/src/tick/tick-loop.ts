/**
 * When ticks run. An idle engine ticks `batchWindowMs` after the first call, gathering what
 * arrives meanwhile; a busy one starts a tick at most every `minTickIntervalMs`, so that under
 * load each transaction carries the work of many tasks instead of one, at the cost of at most
 * one interval of latency per step. Ticks never overlap: work that arrives during one waits
 * for the next. A failed tick is retried after a pause.
 */
import type { Clock } from '../types';
import type { TickReport } from './tick';

/**
 * A tick that carried fewer operations than this (assignments plus buffered calls) does not
 * count as load: the next one may follow at once. One run triggered and awaited alone thus
 * goes trigger (with its assignment), start and result without waiting out minTickIntervalMs
 * between them, while at a few hundred tasks per second every tick carries more and they
 * space out.
 */
const BUSY_TICK_OPERATIONS = 8;
/** After a failed tick, wait this long before trying again. */
const TICK_RETRY_DELAY_MS = 500;

export interface TickLoopSettings {
  batchWindowMs: number;
  minTickIntervalMs: number;
}

export class TickLoop {
  private running = false;
  private dirty = false;
  private stopped = false;
  private loop: Promise<void> = Promise.resolve();
  private wakeTimer: NodeJS.Timeout | undefined;
  /** When the last tick started (epoch ms), for minTickIntervalMs. */
  private lastTickAt = 0;
  /** Whether the last tick carried enough work to count as load (BUSY_TICK_OPERATIONS). */
  private lastTickBusy = false;

  constructor(
    private readonly clock: Clock,
    private readonly settings: TickLoopSettings,
    private readonly tick: () => Promise<TickReport>,
  ) {}

  /** Asks for a tick: at once when idle (after batchWindowMs), else when the interval allows. */
  wake(): void {
    this.dirty = true;
    if (this.running || this.wakeTimer) return;
    this.wakeTimer = setTimeout(
      () => {
        this.wakeTimer = undefined;
        void this.run();
      },
      Math.max(this.settings.batchWindowMs, this.untilNextTick()),
    );
  }

  /** Runs the ticks still asked for, at once, and then no more retries (the engine closes). */
  drain(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
    this.dirty = true;
    return this.run();
  }

  /** How long the next tick must wait: what is left of the interval after a busy tick. */
  private untilNextTick(): number {
    if (!this.lastTickBusy) return 0;
    return Math.max(0, this.lastTickAt + this.settings.minTickIntervalMs - this.clock.now());
  }

  private run(): Promise<void> {
    if (this.running) return this.loop;
    this.running = true;
    this.loop = (async () => {
      try {
        while (this.dirty) {
          this.dirty = false;
          this.lastTickAt = this.clock.now();
          const report = await this.tick();
          this.lastTickBusy = report.operations >= BUSY_TICK_OPERATIONS;
          if (report.again) this.dirty = true;
          if (!report.ok) {
            if (this.stopped) break;
            await sleep(TICK_RETRY_DELAY_MS);
            this.dirty = true;
          }
          // Under load, work that arrived during the tick waits out the interval (see wake).
          const wait = this.dirty && !this.stopped ? this.untilNextTick() : 0;
          if (wait > 0) await sleep(wait);
        }
      } finally {
        this.running = false;
      }
    })();
    return this.loop;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
