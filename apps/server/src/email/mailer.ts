import { BackgroundDelivery, type DeliveryOutcome } from '../background-delivery';
import type { EmailDelivery, EmailLog, EmailMessage } from './email-message';

/** Waits before the second, third and fourth attempt: a relay restart or a greylisting pause. */
export const RETRY_DELAYS_MS = [2_000, 30_000, 300_000];

/**
 * Sends email in the background (see BackgroundDelivery): a request never waits on the mail
 * relay, and a failed attempt is retried after each of `retryDelaysMs`.
 */
export class Mailer {
  private readonly background: BackgroundDelivery<EmailMessage>;

  constructor(
    private readonly delivery: EmailDelivery,
    log: EmailLog,
    retryDelaysMs: readonly number[] = RETRY_DELAYS_MS,
  ) {
    this.background = new BackgroundDelivery({
      attempt: async (message) => {
        await delivery.deliver(message);
        if (delivery.kind === 'smtp') log.info({ email: summary(message) }, 'email sent');
      },
      retryDelaysMs,
      log,
      notDelivered: 'email not sent',
      describe: (message) => ({ email: summary(message) }),
    });
  }

  send(message: EmailMessage, outcome?: DeliveryOutcome): void {
    this.background.deliver(message, outcome);
  }

  /** Lets attempts under way finish, gives up the retries still waiting, and closes the relay. */
  async close(): Promise<void> {
    await this.background.close();
    this.delivery.close();
  }
}

/** What log lines say about a message; the link stays out, it is a credential. */
function summary(message: EmailMessage) {
  return { to: message.to, subject: message.subject };
}
