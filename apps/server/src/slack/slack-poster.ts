import {
  BackgroundDelivery,
  type DeliveryLog,
  type DeliveryOutcome,
  type FailureVerdict,
} from '../background-delivery';
import type { SlackMessage } from './slack-message';
import type { SlackTarget } from './slack-webhook.queries';

/** Waits before the second, third and fourth attempt, as for email. */
export const SLACK_RETRY_DELAYS_MS = [2_000, 30_000, 300_000];
/** How long one attempt may take, connection included. */
const POST_TIMEOUT_MS = 10_000;
/** Longest part of Slack's answer kept in a failure. */
const MAX_ANSWER_CHARS = 200;

/** An attempt that failed: whether another may succeed, and after how long at least. */
export class SlackPostFailed extends Error implements FailureVerdict {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * Posts alerts to Slack webhooks in the background, as the Mailer sends email (see
 * BackgroundDelivery): each attempt is bounded by a timeout, and a failure that may pass (no
 * answer, a timeout, a 5xx, a 429) is retried after each of `retryDelaysMs`; an answer that
 * will not change (Slack's 4xx: the webhook was removed, the channel archived) is not. A
 * webhook's URL is a credential: log lines name its channel instead.
 */
export class SlackPoster {
  private readonly background: BackgroundDelivery<{ target: SlackTarget; message: SlackMessage }>;

  constructor(
    log: DeliveryLog,
    retryDelaysMs: readonly number[] = SLACK_RETRY_DELAYS_MS,
    timeoutMs = POST_TIMEOUT_MS,
  ) {
    this.background = new BackgroundDelivery({
      attempt: ({ target, message }) => postOnce(target.url, message, timeoutMs),
      retryDelaysMs,
      log,
      notDelivered: 'Slack alert not posted',
      describe: ({ target }) => ({ slack: `${target.channelName} in ${target.teamName}` }),
      // A failure of ours carries its own verdict; anything else (a bug, a throw) may pass.
      judge: (error) => (error instanceof SlackPostFailed ? error : { retryable: true }),
    });
  }

  post(target: SlackTarget, message: SlackMessage, outcome?: DeliveryOutcome): void {
    this.background.deliver({ target, message }, outcome);
  }

  /** Lets attempts under way finish and gives up the retries still waiting. */
  close(): Promise<void> {
    return this.background.close();
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
