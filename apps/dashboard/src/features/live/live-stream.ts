/**
 * One tenant's live event stream (GET /api/v1/stable/tenants/{tenant}/live, server-sent
 * events): opens it, reports its status and hands over what changed.
 *
 * A dropped connection is the browser's to reopen: it sends the last event id and the server
 * replays what was missed (or sends `reset`). An error answer (a proxy's 502, an expired
 * session) closes an EventSource for good; the stream is then opened again after a growing,
 * jittered pause, resuming from the last event seen so nothing in between is lost. Reopened
 * before any event came, there is nothing to resume from: everything shown is refetched.
 */
import type { LiveStatus } from '@/hooks/use-live-status';
import { API_BASE } from '@/lib/api-client';
import type { V1LiveChanges, V1TaskSummary } from '@/types/api';

export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 60_000;

/** `EventSource.CLOSED`, without needing the global (tests bring their own EventSource). */
const CLOSED = 2;

/** What to refetch when the stream cannot say what changed: everything shown. */
export const EVERYTHING: V1LiveChanges = { runs: [], tasks: [], logs: [], workers: [], all: true };

export interface LiveStreamHandlers {
  onStatus: (status: LiveStatus) => void;
  onChanges: (changes: V1LiveChanges) => void;
}

export type CreateEventSource = (url: string) => EventSource;

/** The browser's; none where EventSource does not exist (jsdom): the lists then poll. */
function browserEventSource(): CreateEventSource | undefined {
  if (typeof EventSource === 'undefined') return undefined;
  return (url) => new EventSource(url, { withCredentials: true });
}

export function liveStreamUrl(tenantId: string, lastEventId?: string): string {
  const path = `${API_BASE}/stable/tenants/${encodeURIComponent(tenantId)}/live`;
  // A new EventSource cannot send the Last-Event-ID header: the server also reads it here.
  return lastEventId ? `${path}?lastEventId=${encodeURIComponent(lastEventId)}` : path;
}

/** Reads a `changes` message; `undefined` when it is not one (then refetch everything). */
export function parseChanges(data: string): V1LiveChanges | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as Record<string, unknown>;
  const ids = (field: string): string[] | undefined => {
    const list = message[field];
    return Array.isArray(list) && list.every((id) => typeof id === 'string') ? list : undefined;
  };
  const [runs, tasks, logs, workers] = [ids('runs'), ids('tasks'), ids('logs'), ids('workers')];
  if (!runs || !tasks || !logs || !workers) return undefined;
  const rows = runRows(message['rows']);
  return { runs, tasks, logs, workers, ...(rows ? { rows } : {}), all: message['all'] === true };
}

/** The runs' list rows a message carries, when they have what lists place rows by. */
function runRows(value: unknown): V1LiveChanges['rows'] {
  if (!Array.isArray(value)) return undefined;
  const placeable = value.every((row: Partial<V1TaskSummary> | null) => {
    return (
      typeof row?.metadata?.id === 'string' &&
      typeof row.createdAt === 'string' &&
      typeof row.status === 'string'
    );
  });
  return placeable ? (value as V1TaskSummary[]) : undefined;
}

/** The pause before the `failures`-th reopening: doubling from 1 s up to 1 min, ±25%. */
export function retryDelay(failures: number, random = Math.random()): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** failures);
  // Spread: every dashboard behind one restarting proxy must not come back at once.
  return Math.round(base * (0.75 + random * 0.5));
}

/** Opens the stream; returns the function that closes it for good. */
export function openLiveStream(
  tenantId: string,
  handlers: LiveStreamHandlers,
  createEventSource: CreateEventSource | undefined = browserEventSource(),
): () => void {
  if (!createEventSource) {
    handlers.onStatus('offline');
    return () => {};
  }
  let source: EventSource | undefined;
  let lastEventId: string | undefined;
  let failures = 0;
  let opened = false;
  let reopen: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    handlers.onStatus('connecting');
    const current = createEventSource(liveStreamUrl(tenantId, lastEventId));
    source = current;
    current.onopen = () => {
      failures = 0;
      handlers.onStatus('live');
      if (opened && lastEventId === undefined) handlers.onChanges(EVERYTHING);
      opened = true;
    };
    current.addEventListener('changes', (event) => {
      const message = event as MessageEvent<string>;
      if (message.lastEventId) lastEventId = message.lastEventId;
      handlers.onChanges(parseChanges(message.data) ?? EVERYTHING);
    });
    current.addEventListener('reset', () => handlers.onChanges(EVERYTHING));
    current.onerror = () => {
      if (current.readyState !== CLOSED) {
        handlers.onStatus('connecting');
        return;
      }
      handlers.onStatus('offline');
      reopen = setTimeout(connect, retryDelay(failures));
      failures += 1;
    };
  };

  connect();
  return () => {
    clearTimeout(reopen);
    source?.close();
  };
}
