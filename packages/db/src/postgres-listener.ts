import pg from 'pg';
import type { ClientConfig } from 'pg';

type Handler = (payload: string) => void;

interface Subscription {
  handlers: Set<Handler>;
  listening: Promise<void>;
}

const firstRetryDelayMs = 250;
const longestRetryDelayMs = 10_000;

/**
 * The one long-lived connection that carries every LISTEN of a PostgresDatabase (a pooled
 * connection goes back to the pool, and its LISTENs with it). When the connection breaks, the
 * error is reported and the listener reconnects with growing delays, issuing LISTEN again for
 * every channel. Notifications sent while it is down are lost: they are wake-up hints.
 */
export class PostgresListener {
  readonly #config: ClientConfig;
  readonly #onError: (error: Error) => void;
  readonly #subscriptions = new Map<string, Subscription>();
  #client: pg.Client | undefined;
  #connecting: Promise<pg.Client> | undefined;
  #retryTimer: NodeJS.Timeout | undefined;
  #retryDelayMs = firstRetryDelayMs;
  #closed = false;

  constructor(config: ClientConfig, onError: (error: Error) => void) {
    this.#config = config;
    this.#onError = onError;
  }

  /** `channel` must already be a valid, lower-case identifier (it is not quoted). */
  async subscribe(channel: string, handler: Handler): Promise<() => Promise<void>> {
    let subscription = this.#subscriptions.get(channel);
    if (!subscription) {
      subscription = { handlers: new Set(), listening: this.#listen(channel) };
      this.#subscriptions.set(channel, subscription);
    }
    const joined = subscription;
    joined.handlers.add(handler);
    try {
      await joined.listening;
    } catch (error) {
      joined.handlers.delete(handler);
      if (this.#subscriptions.get(channel) === joined) this.#subscriptions.delete(channel);
      throw error;
    }
    return () => this.#unsubscribe(channel, joined, handler);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    this.#subscriptions.clear();
    const client = this.#client ?? (await this.#connecting?.catch(() => undefined));
    this.#client = undefined;
    await client?.end();
  }

  async #listen(channel: string): Promise<void> {
    const client = await this.#connection();
    await client.query(`LISTEN ${channel}`);
  }

  async #unsubscribe(channel: string, subscription: Subscription, handler: Handler) {
    subscription.handlers.delete(handler);
    if (subscription.handlers.size > 0 || this.#subscriptions.get(channel) !== subscription) {
      return;
    }
    this.#subscriptions.delete(channel);
    const client = this.#client;
    // Without a connection there is nothing to undo: a reconnect only re-listens live channels.
    await client?.query(`UNLISTEN ${channel}`).catch((error: unknown) => {
      if (client === this.#client) throw error;
    });
  }

  #connection(): Promise<pg.Client> {
    if (this.#closed) return Promise.reject(new Error('The database is closed.'));
    if (this.#client) return Promise.resolve(this.#client);
    this.#connecting ??= this.#connect().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  async #connect(): Promise<pg.Client> {
    const client = new pg.Client(this.#config);
    client.on('notification', ({ channel, payload }) => {
      for (const handler of this.#subscriptions.get(channel)?.handlers ?? []) {
        // Like PGlite, call handlers outside the driver's parsing loop, after current work.
        queueMicrotask(() => handler(payload ?? ''));
      }
    });
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, new Error('The LISTEN connection was closed.')));
    await client.connect();
    if (this.#closed) {
      await client.end();
      throw new Error('The database is closed.');
    }
    this.#client = client;
    return client;
  }

  #lost(client: pg.Client, error: Error): void {
    if (client !== this.#client || this.#closed) return;
    this.#client = undefined;
    client.end().catch(() => {});
    this.#onError(error);
    this.#scheduleRetry();
  }

  #scheduleRetry(): void {
    if (this.#closed || this.#retryTimer || this.#subscriptions.size === 0) return;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.#relisten().catch((error: Error) => {
        this.#onError(error);
        this.#scheduleRetry();
      });
    }, this.#retryDelayMs);
    this.#retryDelayMs = Math.min(this.#retryDelayMs * 2, longestRetryDelayMs);
  }

  async #relisten(): Promise<void> {
    const client = await this.#connection();
    for (const channel of this.#subscriptions.keys()) await client.query(`LISTEN ${channel}`);
    this.#retryDelayMs = firstRetryDelayMs;
  }
}
