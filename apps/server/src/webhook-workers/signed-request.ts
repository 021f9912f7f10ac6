/**
 * One request to a webhook worker: a JSON body signed the way Hatchet's legacy webhook workers
 * check it, the hex HMAC-SHA256 of the exact body bytes under the worker's secret in
 * `X-Hatchet-Signature`.
 */
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Hatchet-Signature';

/** A worker's answer is read up to this much; a longer one is refused as a whole. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

export type WebhookAnswer =
  | { answered: true; statusCode: number; body: string }
  /** No answer: refused connection, unknown host, timeout, aborted, or an oversized body. */
  | { answered: false; reason: string };

export function signBody(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

export async function sendSignedRequest(request: {
  url: string;
  method: 'PUT' | 'POST';
  body: unknown;
  secret: string;
  signal: AbortSignal;
}): Promise<WebhookAnswer> {
  const body = JSON.stringify(request.body);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      body,
      headers: {
        'Content-Type': 'application/json',
        [SIGNATURE_HEADER]: signBody(body, request.secret),
      },
      // A redirect is an answer like any other non-2xx: the body is never re-sent elsewhere.
      redirect: 'manual',
      signal: request.signal,
    });
    const text = await readLimited(response);
    if (text === undefined) {
      return { answered: false, reason: `the answer was larger than ${MAX_ANSWER_BYTES} bytes` };
    }
    return { answered: true, statusCode: response.status, body: text };
  } catch (error) {
    return { answered: false, reason: describeFetchError(error, request.signal) };
  }
}

async function readLimited(response: Response): Promise<string | undefined> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString('utf8');
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
}

/** fetch hides the reason (ECONNREFUSED, ENOTFOUND, ...) in `cause`. */
function describeFetchError(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    return reason instanceof Error && reason.name === 'TimeoutError'
      ? 'the request timed out'
      : 'the request was aborted';
  }
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string }) : undefined;
  if (cause?.code) return `${cause.code}${cause.message ? `: ${cause.message}` : ''}`;
  return error instanceof Error ? error.message : String(error);
}
