/**
 * What one DurableTask stream has sent lately. A worker's status report (every second while it
 * waits, naming every wait) asks again for what it may have missed; answering it with the same
 * completions every second means a worker too busy to read for a while is sent each of them
 * once a second, until the stream's unsent budget is spent and the transport resets it (and
 * the SDK fails the calls in flight). On one stream what was sent arrives, in order, or the
 * stream dies, and a new stream starts with no memory: so what this stream sent is not sent
 * again for RESEND_AFTER_MS, after which it is, for an SDK that dropped it.
 */
export const RESEND_AFTER_MS = 30_000;

export class RecentSends {
  /** Key → when it was sent, oldest first (a key sent again moves to the end). */
  private readonly sentAt = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  sent(key: string): void {
    this.sentAt.delete(key);
    this.sentAt.set(key, this.now());
  }

  /** Whether `key` may be sent: it was not, within RESEND_AFTER_MS. */
  due(key: string): boolean {
    const at = this.sentAt.get(key);
    return at === undefined || this.now() - at >= RESEND_AFTER_MS;
  }

  /** Forgets what was sent before the window, so the memory stays as small as a window's sends. */
  prune(): void {
    const oldest = this.now() - RESEND_AFTER_MS;
    for (const [key, at] of this.sentAt) {
      if (at > oldest) break;
      this.sentAt.delete(key);
    }
  }
}
