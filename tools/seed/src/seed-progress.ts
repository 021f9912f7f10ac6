/**
 * Progress of a long seed: on a terminal, a bar redrawn in place (tasks and events written,
 * rates, ETA); otherwise (CI logs, files) a plain line every few seconds.
 */
const BAR_WIDTH = 28;
const LINE_INTERVAL_MS = 5000;
const REDRAW_INTERVAL_MS = 200;

/** Rows written so far, or to write. */
export interface SeedCounts {
  tasks: number;
  events: number;
}

export class SeedProgress {
  readonly #total: SeedCounts;
  readonly #out: NodeJS.WriteStream;
  readonly #startedAt = Date.now();
  #lastDrawAt = 0;

  constructor(total: SeedCounts, out: NodeJS.WriteStream = process.stdout) {
    this.#total = total;
    this.#out = out;
  }

  update(done: SeedCounts): void {
    const now = Date.now();
    const interval = this.#out.isTTY ? REDRAW_INTERVAL_MS : LINE_INTERVAL_MS;
    const total = this.#total.tasks + this.#total.events;
    const doneUnits = done.tasks + done.events;
    if (now - this.#lastDrawAt < interval && doneUnits < total) return;
    this.#lastDrawAt = now;
    const elapsed = (now - this.#startedAt) / 1000;
    const rate = (n: number) => formatCount(Math.round(elapsed > 0 ? n / elapsed : 0));
    const left = doneUnits > 0 ? (Math.max(0, total - doneUnits) * elapsed) / doneUnits : NaN;
    const share = Math.min(1, doneUnits / total);
    const counts = [`${formatCount(done.tasks)}/${formatCount(this.#total.tasks)} tasks`];
    const rates = [`${rate(done.tasks)} tasks/s`];
    if (this.#total.events > 0) {
      counts.push(`${formatCount(done.events)}/${formatCount(this.#total.events)} events`);
      rates.push(`${rate(done.events)} events/s`);
    }
    const figures = `${counts.join(' · ')} · ${rates.join(' · ')} · ETA ${formatDuration(left)}`;
    if (this.#out.isTTY) {
      const filled = Math.round(share * BAR_WIDTH);
      const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
      this.#out.write(`\r${bar} ${String(Math.floor(share * 100)).padStart(3)}% ${figures}\x1b[K`);
    } else {
      this.#out.write(`seed: ${Math.floor(share * 100)}% ${figures}\n`);
    }
  }

  /** Ends the bar's line. */
  finish(): void {
    if (this.#out.isTTY) this.#out.write('\n');
  }
}

export const formatCount = (n: number) => n.toLocaleString('en-US');

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}
