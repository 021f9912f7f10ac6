/**
 * Spaces out the cache patches of live changes: a change is applied at once when none was in
 * the last PATCH_WINDOW_MS, else at the end of that window together with the others that came
 * meanwhile, in order. A busy tenant sends a message every 50 ms; patching each one would
 * re-render the open list twenty times a second, which a browser on a loaded machine cannot
 * keep up with, and the rows would show later, not sooner.
 */
export const PATCH_WINDOW_MS = 200;

export class PatchWindow<T> {
  private pending: T[] = [];
  private lastAppliedAt = -Infinity;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly apply: (items: readonly T[]) => void) {}

  add(item: T): void {
    this.pending.push(item);
    if (this.timer !== undefined) return;
    const wait = this.lastAppliedAt + PATCH_WINDOW_MS - Date.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
  }

  private flush(): void {
    this.timer = undefined;
    this.lastAppliedAt = Date.now();
    const items = this.pending;
    this.pending = [];
    this.apply(items);
  }
}
