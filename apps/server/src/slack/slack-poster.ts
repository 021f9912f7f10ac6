import type { EmailLog } from '../email/email-message';
import type { DeliveryOutcome } from '../email/mailer';
import type { SlackMessage } from './slack-message';
import type { SlackTarget } from './slack-webhook.queries';

/** Waits before the second, third and fourth attempt, as for email. */
export const SLACK_RETRY_DELAYS_MS = [2_000, 30_000, 300_000];
/** How long one attempt may take, connection included. */
const POST_TIMEOUT_MS = 10_000;
/** The longest `Retry-After` of a 429 that is waited for instead of the next delay. */
const MAX_RETRY_AFTER_MS = 600_000;
/** Longest part of Slack's answer kept in a failure. */
const MAX_ANSWER_CHARS = 200;

/** An attempt that failed: whether another may succeed, and after how long at least. */
export class SlackPostFailed extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * Posts alerts to Slack webhooks in the background, as the Mailer sends email: `post` returns
 * at once, each attempt is bounded by a timeout, and a failure that may pass (no answer, a
 * timeout, a 5xx, a 429) is retried after each of `retryDelaysMs`; an answer that will not
 * change (Slack's 4xx: the webhook was removed, the channel archived) is not. Each attempt's
 * outcome is reported. A webhook's URL is a credential: log lines name its channel instead.
 */
export class SlackPoster {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly waiting = new Map<NodeJS.Timeout, () => void>();
  private closed = false;

  constructor(
    private readonly log: Pick<EmailLog, 'warn' | 'error'>,
    private readonly retryDelaysMs: readonly number[] = SLACK_RETRY_DELAYS_MS,
    private readonly timeoutMs = POST_TIMEOUT_MS,
  ) {}

  post(target: SlackTarget, message: SlackMessage, outcome?: DeliveryOutcome): void {
    if (this.closed) return;
    this.attempt(target, message, 0, outcome);
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

  private attempt(
    target: SlackTarget,
    message: SlackMessage,
    failures: number,
    outcome?: DeliveryOutcome,
  ): void {
    const attempt = postOnce(target.url, message, this.timeoutMs).then(
      () => outcome?.delivered(),
      (error: unknown) => {
        outcome?.failed(error);
        this.failed(target, message, failures + 1, error, outcome);
      },
    );
    this.inFlight.add(attempt);
    void attempt.finally(() => this.inFlight.delete(attempt));
  }

  private failed(
    target: SlackTarget,
    message: SlackMessage,
    failures: number,
    error: unknown,
    outcome?: DeliveryOutcome,
  ): void {
    const retryable = !(error instanceof SlackPostFailed) || error.retryable;
    const next = this.retryDelaysMs[failures - 1];
    const details = {
      slack: `${target.channelName} in ${target.teamName}`,
      attempt: failures,
      err: error instanceof Error ? error.message : String(error),
    };
    if (!retryable || next === undefined || this.closed) {
      this.log.error(details, 'Slack alert not posted: giving up');
      return;
    }
    const retryAfter = error instanceof SlackPostFailed ? (error.retryAfterMs ?? 0) : 0;
    const delay = Math.max(next, Math.min(retryAfter, MAX_RETRY_AFTER_MS));
    this.log.warn({ ...details, retryInMs: delay }, 'Slack alert not posted: will retry');
    const timer = setTimeout(() => {
      this.waiting.delete(timer);
      this.attempt(target, message, failures, outcome);
    }, delay);
    // A retry waiting must not keep a stopping process alive.
    timer.unref();
    this.waiting.set(timer, () =>
      this.log.error(details, 'Slack alert not posted: the server stopped before its retry'),
    );
  }
}

/** One POST of the message; resolves when Slack accepted it. */
async function postOnce(url: string, message: SlackMessage, timeoutMs: number): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(message),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new SlackPostFailed(describeFetchError(error), true);
  }
  const answer = (await response.text().catch(() => '')).trim().slice(0, MAX_ANSWER_CHARS);
  if (response.ok) return;
  const status = response.status;
  const retryAfter = Number(response.headers.get('retry-after'));
  throw new SlackPostFailed(
    `answered ${status}${answer ? `: ${answer}` : ''}`,
    status >= 500 || status === 429 || status === 408,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
  );
}

/** Node's fetch says "fetch failed"; the cause says why (a refused connection, a timeout). */
function describeFetchError(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer in time';
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) return `could not connect: ${cause.message}`;
  return `could not connect: ${error instanceof Error ? error.message : String(error)}`;
}
