/**
 * Progress of a long seed: on a terminal, a bar redrawn in place (tasks written, rate, ETA);
 * otherwise (CI logs, files) a plain line every few seconds.
 */
const BAR_WIDTH = 28;
const LINE_INTERVAL_MS = 5000;
const REDRAW_INTERVAL_MS = 200;

export class SeedProgress {
  readonly #total: number;
  readonly #out: NodeJS.WriteStream;
  readonly #startedAt = Date.now();
  #lastDrawAt = 0;

  constructor(total: number, out: NodeJS.WriteStream = process.stdout) {
    this.#total = total;
    this.#out = out;
  }

  update(done: number): void {
    const now = Date.now();
    const interval = this.#out.isTTY ? REDRAW_INTERVAL_MS : LINE_INTERVAL_MS;
    if (now - this.#lastDrawAt < interval && done < this.#total) return;
    this.#lastDrawAt = now;
    const elapsed = (now - this.#startedAt) / 1000;
    const rate = elapsed > 0 ? done / elapsed : 0;
    const left = rate > 0 ? Math.max(0, this.#total - done) / rate : NaN;
    const share = Math.min(1, done / this.#total);
    const figures = `${formatCount(done)}/${formatCount(this.#total)} tasks · ${formatCount(Math.round(rate))} tasks/s · ETA ${formatDuration(left)}`;
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
