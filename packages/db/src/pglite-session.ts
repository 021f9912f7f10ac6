/**
 * Statements on PGlite's one session, sent as wire-protocol messages. PGlite's `query` parses,
 * describes, binds and executes every statement anew, each step a separate call into the
 * backend; the engine sends the same few long statements many times a second, and parsing
 * them again was a large share of its cost on PGlite. Here a statement with parameters is
 * parsed and described once, as a named prepared statement, and each later run is one Bind,
 * Execute and Sync. As on PostgreSQL (postgres-database.ts), each run is still planned for
 * its parameters.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { QueryResult } from './database';
import type { Field, Parser, Reply } from './pglite-wire';
import {
  closeStatementMessage,
  prepareMessage,
  readReply,
  runMessage,
  runOnceMessage,
  simpleQueryMessage,
} from './pglite-wire';

/** Prepared statements kept per session; past it, the least recently prepared is closed. */
const MAX_PREPARED_STATEMENTS = 500;

interface Prepared {
  name: string;
  paramTypes: number[];
  fields: Field[] | null;
}

export class PgliteSession {
  readonly #pglite: PGlite;
  readonly #parsers: Record<number, Parser | undefined>;
  readonly #serializers: Record<number, ((value: unknown) => string) | undefined>;
  readonly #statements = new Map<string, Prepared>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #statementCount = 0;
  #inTransaction = false;
  /** Each call's messages go out after the previous call's reply is in (see #serial). */
  #tail: Promise<unknown> = Promise.resolve();

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
    this.#parsers = pglite.parsers;
    this.#serializers = pglite.serializers;
  }

  /** Whether the last reply left the session inside a transaction block. */
  get inTransaction(): boolean {
    return this.#inTransaction;
  }

  query<Row>(text: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
    return this.#serial(async () => {
      const reply = params
        ? await this.#runPrepared(text, params)
        : await this.#exchange(runOnceMessage(text));
      return {
        rows: reply.rows as Row[],
        rowCount: rowCountOf(reply.commandTag),
      };
    });
  }

  /** Runs SQL that may hold several statements; resolves with the last command tag. */
  exec(sql: string): Promise<string | null> {
    return this.#serial(async () => (await this.#exchange(simpleQueryMessage(sql))).commandTag);
  }

  listen(channel: string, onNotify: (payload: string) => void): Promise<void> {
    return this.#serial(async () => {
      let handlers = this.#listeners.get(channel);
      if (!handlers) {
        await this.#exchange(simpleQueryMessage(`LISTEN ${channel}`));
        handlers = new Set();
        this.#listeners.set(channel, handlers);
      }
      handlers.add(onNotify);
    });
  }

  unlisten(channel: string, onNotify: (payload: string) => void): Promise<void> {
    return this.#serial(async () => {
      const handlers = this.#listeners.get(channel);
      if (!handlers?.delete(onNotify) || handlers.size > 0) return;
      this.#listeners.delete(channel);
      await this.#exchange(simpleQueryMessage(`UNLISTEN ${channel}`));
    });
  }

  async #runPrepared(text: string, params: readonly unknown[]): Promise<Reply> {
    const statement = this.#statements.get(text) ?? (await this.#prepare(text));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = this.#serializers[statement.paramTypes[i]!];
      return serialize ? serialize(value) : String(value);
    });
    const reply = await this.#send(runMessage(statement.name, values), statement.fields);
    if (reply.error) {
      // After DDL changed a table's columns, PostgreSQL refuses to run a statement whose rows
      // would change shape. It is parsed again: at once outside a transaction, which the
      // failure did not harm; on its next use inside one, which the failure aborted.
      if (isStaleStatement(reply.error)) {
        await this.#close(text, statement);
        if (!this.#inTransaction) return this.#runPrepared(text, params);
      }
      throw reply.error;
    }
    return reply;
  }

  async #prepare(text: string): Promise<Prepared> {
    if (this.#statements.size >= MAX_PREPARED_STATEMENTS) {
      const [oldestText, oldest] = this.#statements.entries().next().value!;
      await this.#close(oldestText, oldest);
    }
    const name = `trellis_${++this.#statementCount}`;
    const reply = await this.#exchange(prepareMessage(name, text));
    const statement = { name, paramTypes: reply.paramTypes ?? [], fields: reply.fields };
    this.#statements.set(text, statement);
    return statement;
  }

  async #close(text: string, statement: Prepared): Promise<void> {
    this.#statements.delete(text);
    await this.#send(closeStatementMessage(statement.name), null);
  }

  /** An exchange whose error, if any, is thrown. */
  async #exchange(message: Uint8Array): Promise<Reply> {
    const reply = await this.#send(message, null);
    if (reply.error) throw reply.error;
    return reply;
  }

  /** One exchange with the backend: the messages, then everything it answered up to Sync. */
  async #send(message: Uint8Array, fields: Field[] | null): Promise<Reply> {
    const chunks: Buffer[] = [];
    await this.#pglite.execProtocolRawStream(message, {
      syncToFs: false,
      // The bytes are a view of the backend's memory, valid only during the callback.
      onRawData: (bytes) => {
        chunks.push(Buffer.from(bytes));
      },
    });
    const data = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const reply = readReply(data, fields, this.#parsers);
    if (reply.status !== null) this.#inTransaction = reply.status !== 'I';
    for (const { channel, payload } of reply.notifications) {
      // Handlers run after the current work, as on PostgreSQL, never inside this exchange.
      for (const handler of this.#listeners.get(channel) ?? [])
        queueMicrotask(() => handler(payload));
    }
    return reply;
  }

  /**
   * Runs calls one at a time. A query may take two exchanges (prepare, then run), and
   * statements of one transaction may be sent concurrently; they must not interleave.
   */
  #serial<T>(call: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(call, call);
    this.#tail = result.catch(() => {});
    return result;
  }
}

/** A command tag that carries a row count ends in it ('SELECT 2', 'INSERT 0 5'); others do not. */
function rowCountOf(tag: string | null): number {
  const count = Number(tag?.slice(tag.lastIndexOf(' ') + 1));
  return Number.isInteger(count) ? count : 0;
}

function isStaleStatement(error: Error): boolean {
  return (
    (error as { code?: string }).code === '0A000' &&
    error.message.includes('cached plan must not change result type')
  );
}
