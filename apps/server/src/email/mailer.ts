import type { EmailDelivery, EmailLog, EmailMessage } from './email-message';

/** Waits before the second, third and fourth attempt: a relay restart or a greylisting pause. */
export const RETRY_DELAYS_MS = [2_000, 30_000, 300_000];

/** Told how each attempt to deliver a message ended (alerting records failures per tenant). */
export interface DeliveryOutcome {
  delivered(): void;
  failed(error: unknown): void;
}

/**
 * Sends messages in the background. `send` returns at once, so a request never waits on (or
 * fails because of) the mail relay, and nothing is sent from inside a request's transaction:
 * callers send after their writes are done. A failed attempt is retried after each of
 * `retryDelaysMs`; the last failure is logged and the message dropped. Retries live in this
 * process: a message still waiting when the server stops is logged as not sent.
 */
export class Mailer {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly waiting = new Map<NodeJS.Timeout, () => void>();
  private closed = false;

  constructor(
    private readonly delivery: EmailDelivery,
    private readonly log: EmailLog,
    private readonly retryDelaysMs: readonly number[] = RETRY_DELAYS_MS,
  ) {}

  send(message: EmailMessage, outcome?: DeliveryOutcome): void {
    this.attempt(message, 0, outcome);
  }

  /** Lets attempts under way finish, gives up the retries still waiting, and closes the relay. */
  async close(): Promise<void> {
    this.closed = true;
    for (const [timer, giveUp] of this.waiting) {
      clearTimeout(timer);
      giveUp();
    }
    this.waiting.clear();
    await Promise.all(this.inFlight);
    this.delivery.close();
  }

  private attempt(message: EmailMessage, failures: number, outcome?: DeliveryOutcome): void {
    const attempt = this.delivery.deliver(message).then(
      () => {
        if (this.delivery.kind === 'smtp') this.log.info({ email: summary(message) }, 'email sent');
        outcome?.delivered();
      },
      (error: unknown) => {
        outcome?.failed(error);
        this.failed(message, failures + 1, error, outcome);
      },
    );
    this.inFlight.add(attempt);
    void attempt.finally(() => this.inFlight.delete(attempt));
  }

  private failed(
    message: EmailMessage,
    failures: number,
    error: unknown,
    outcome?: DeliveryOutcome,
  ): void {
    const delay = this.retryDelaysMs[failures - 1];
    const details = { email: summary(message), attempt: failures, err: error };
    if (delay === undefined || this.closed) {
      this.log.error(details, 'email not sent: giving up');
      return;
    }
    this.log.warn({ ...details, retryInMs: delay }, 'email not sent: will retry');
    const timer = setTimeout(() => {
      this.waiting.delete(timer);
      this.attempt(message, failures, outcome);
    }, delay);
    // A retry waiting must not keep a stopping process alive.
    timer.unref();
    this.waiting.set(timer, () =>
      this.log.error(details, 'email not sent: the server stopped before its retry'),
    );
  }
}

/** What log lines say about a message; the link stays out, it is a credential. */
function summary(message: EmailMessage) {
  return { to: message.to, subject: message.subject };
}
