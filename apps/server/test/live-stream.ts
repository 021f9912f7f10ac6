/**
 * A client of the tenant's live event stream (`text/event-stream`) over a real HTTP connection,
 * for the tests: the events read so far, and a wait for the next matching one.
 */
import { expect } from 'vitest';

export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
}

/** How long a stream is asked for again while its tenant has no home (503), as a browser would. */
const NO_HOME_RETRY_MS = 30_000;

/**
 * Opens the stream at `base` (the server's URL), resuming after `lastEventId` when given. While
 * the tenant has no home (a process just took its shard over and is still recovering it), the
 * server answers 503 with Retry-After, and the stream is asked for again, as EventSource does.
 */
export async function openLiveStream(
  base: string,
  tenantId: string,
  token: string,
  lastEventId?: string,
) {
  const controller = new AbortController();
  const giveUpAt = Date.now() + NO_HOME_RETRY_MS;
  let response: Response;
  for (;;) {
    response = await fetch(`${base}/api/v1/stable/tenants/${tenantId}/live`, {
      headers: {
        authorization: `Bearer ${token}`,
        ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
      },
      signal: controller.signal,
    });
    if (response.status !== 503 || Date.now() > giveUpAt) break;
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: SseEvent[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: SseEvent = {};
        for (const line of block.split('\n')) {
          const [field, ...rest] = line.split(': ');
          if (field === 'id' || field === 'event' || field === 'data')
            event[field] = rest.join(': ');
        }
        if (event.event) events.push(event);
      }
    }
  })();
  return {
    events,
    async next(predicate: (e: SseEvent) => boolean, timeoutMs = 10_000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such event; have ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    /** Resolves when the server ends the stream. */
    async ended(timeoutMs = 30_000): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the stream is still open')), timeoutMs);
      });
      await Promise.race([reading, late]).finally(() => clearTimeout(timer));
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}
