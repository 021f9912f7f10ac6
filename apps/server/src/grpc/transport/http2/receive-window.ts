/**
 * Our side of one flow-control window (a stream's or the connection's): how much DATA the
 * peer may still send. We hand DATA on as it arrives, so what we received is consumed at
 * once, and the window is topped up by a WINDOW_UPDATE once half of it is used.
 */
export class ReceiveWindow {
  private available: number;
  private consumedSinceUpdate = 0;

  constructor(private readonly size: number) {
    this.available = size;
  }

  /** Counts DATA received; false if the peer sent past the window. */
  receive(bytes: number): boolean {
    this.available -= bytes;
    return this.available >= 0;
  }

  /** Counts DATA consumed; the increment to announce now, or 0 while under half the window. */
  consume(bytes: number): number {
    this.consumedSinceUpdate += bytes;
    if (this.consumedSinceUpdate < this.size / 2) return 0;
    const increment = this.consumedSinceUpdate;
    this.available += increment;
    this.consumedSinceUpdate = 0;
    return increment;
  }
}
