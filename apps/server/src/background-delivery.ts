/**
 * Delivery in the background with retries, for messages that leave the server (email, Slack):
 * `deliver` returns at once, so a request never waits on (or fails because of) the peer, and
 * callers deliver after their writes are done. A failed attempt is retried after each of
 * `retryDelaysMs` unless the failure says another attempt cannot succeed; the last failure is
 * logged and the message dropped. Retries live in this process: a message still waiting when
 * the server stops is logged as not delivered.
 */

/** Told how each attempt to deliver a message ended (alerting records failures per tenant). */
export interface DeliveryOutcome {
  delivered(): void;
  failed(error: unknown): void;
}

export interface DeliveryLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Whether a failed attempt may pass on a later one, and the least wait before it. */
export interface FailureVerdict {
  retryable: boolean;
  retryAfterMs?: number;
}

export interface BackgroundDeliveryOptions<M> {
  /** One attempt; resolves once the peer has the message. */
  attempt(message: M): Promise<void>;
  retryDelaysMs: readonly number[];
  log: DeliveryLog;
  /** How log lines begin, e.g. "email not sent": they go on ": will retry", ": giving up". */
  notDelivered: string;
  /** What log lines say about a message; never a credential (a link, a webhook's URL). */
  describe(message: M): object;
  /** Default: every failure may pass. */
  judge?(error: unknown): FailureVerdict;
}

/** The longest wait a peer may ask for (a 429's Retry-After) instead of the next delay. */
const MAX_RETRY_AFTER_MS = 600_000;

export class BackgroundDelivery<M> {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly waiting = new Map<NodeJS.Timeout, () => void>();
  private closed = false;

  constructor(private readonly options: BackgroundDeliveryOptions<M>) {}

  deliver(message: M, outcome?: DeliveryOutcome): void {
    if (this.closed) return;
    this.attempt(message, 0, outcome);
  }

  /** Lets attempts under way finish and gives up the retries still waiting. */
  async close(): Promise<void> {
    this.closed = true;
    for (const [timer, giveUp] of this.waiting) {
      clearTimeout(timer);
      giveUp();
    }
    this.waiting.clear();
    await Promise.all(this.inFlight);
  }

  private attempt(message: M, failures: number, outcome?: DeliveryOutcome): void {
    const attempt = this.options.attempt(message).then(
      () => outcome?.delivered(),
      (error: unknown) => {
        outcome?.failed(error);
        this.failed(message, failures + 1, error, outcome);
      },
    );
    this.inFlight.add(attempt);
    void attempt.finally(() => this.inFlight.delete(attempt));
  }

  private failed(message: M, failures: number, error: unknown, outcome?: DeliveryOutcome): void {
    const { log, notDelivered, retryDelaysMs } = this.options;
    const verdict = this.options.judge?.(error) ?? { retryable: true };
    const next = retryDelaysMs[failures - 1];
    const details = { ...this.options.describe(message), attempt: failures, err: error };
    if (!verdict.retryable || next === undefined || this.closed) {
      log.error(details, `${notDelivered}: giving up`);
      return;
    }
    const delay = Math.max(next, Math.min(verdict.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
    log.warn({ ...details, retryInMs: delay }, `${notDelivered}: will retry`);
    const timer = setTimeout(() => {
      this.waiting.delete(timer);
      this.attempt(message, failures, outcome);
    }, delay);
    // A retry waiting must not keep a stopping process alive.
    timer.unref();
    this.waiting.set(timer, () =>
      log.error(details, `${notDelivered}: the server stopped before its retry`),
    );
  }
}
