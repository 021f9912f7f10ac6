/**
 * PostgreSQL's wire protocol between this adapter and PGlite's in-process backend: frontend
 * messages are built with PGlite's own serializer; backend replies are read here. PGlite's
 * reader copies every message and every field into a fresh buffer before anything looks at it,
 * which was a visible share of the server's CPU; this one decodes fields straight from the
 * reply, and only what a query needs (rows, the command tag, errors, notifications).
 */
import { messages, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

export interface Field {
  name: string;
  typeId: number;
}

export type Parser = (text: string, typeId: number) => unknown;

interface Notification {
  channel: string;
  payload: string;
}

/** What one exchange (frontend messages up to a Sync or a simple query) came back with. */
export interface Reply {
  /** The parameter types of a described statement. */
  paramTypes: number[] | null;
  /** The row shape: described, or announced before the rows. null when no rows come back. */
  fields: Field[] | null;
  rows: Record<string, unknown>[];
  /** The last command tag, e.g. 'INSERT 0 3', 'COMMIT', 'ROLLBACK'. */
  commandTag: string | null;
  /** The first error; PostgreSQL skips the rest of an extended exchange up to the Sync. */
  error: Error | null;
  notifications: Notification[];
  /** The transaction status of the last ReadyForQuery: 'I' idle, 'T' in one, 'E' failed one. */
  status: string | null;
}

const syncMessage = serialize.sync();
const executeAndSync = concat([serialize.execute(), syncMessage]);

/** Parse (named or unnamed) and Describe: the parameter types and the row shape. */
export function prepareMessage(name: string, text: string): Uint8Array {
  return concat([
    serialize.parse({ name, text, types: [] }),
    serialize.describe({ type: 'S', name }),
    syncMessage,
  ]);
}

/** Bind, Execute, Sync: one run of a parsed statement. */
export function runMessage(name: string, values: (string | null)[]): Uint8Array {
  return concat([serialize.bind({ statement: name, values }), executeAndSync]);
}

/** Parse, Bind, Describe the portal, Execute, Sync: a statement without parameters, once. */
export function runOnceMessage(text: string): Uint8Array {
  return concat([
    serialize.parse({ text, types: [] }),
    serialize.bind({}),
    serialize.describe({ type: 'P' }),
    executeAndSync,
  ]);
}

export function simpleQueryMessage(sql: string): Uint8Array {
  return serialize.query(sql);
}

export function closeStatementMessage(name: string): Uint8Array {
  return concat([serialize.close({ type: 'S', name }), syncMessage]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Reads the backend messages of one exchange. Rows are decoded with `parsers` by type id
 * (text format); `fields` is the row shape known from an earlier Describe, used until a
 * RowDescription in the reply says otherwise.
 */
export function readReply(
  data: Buffer,
  fields: Field[] | null,
  parsers: Record<number, Parser | undefined>,
): Reply {
  const reply: Reply = {
    paramTypes: null,
    fields,
    rows: [],
    commandTag: null,
    error: null,
    notifications: [],
    status: null,
  };
  let offset = 0;
  while (offset + 5 <= data.length) {
    const type = data[offset]!;
    const end = offset + 1 + data.readInt32BE(offset + 1);
    const body = offset + 5;
    switch (type) {
      case 0x44 /* D: DataRow */:
        reply.rows.push(readRow(data, body, reply.fields ?? [], parsers));
        break;
      case 0x43 /* C: CommandComplete */:
        reply.commandTag = data.toString('utf8', body, end - 1);
        break;
      case 0x54 /* T: RowDescription */:
        reply.fields = readFields(data, body);
        break;
      case 0x74 /* t: ParameterDescription */: {
        const count = data.readInt16BE(body);
        reply.paramTypes = [];
        for (let i = 0; i < count; i++) reply.paramTypes.push(data.readInt32BE(body + 2 + i * 4));
        break;
      }
      case 0x6e /* n: NoData */:
        reply.fields = null;
        break;
      case 0x45 /* E: ErrorResponse */:
        reply.error ??= readError(data, body, end);
        break;
      case 0x41 /* A: NotificationResponse */: {
        const channelEnd = data.indexOf(0, body + 4);
        reply.notifications.push({
          channel: data.toString('utf8', body + 4, channelEnd),
          payload: data.toString('utf8', channelEnd + 1, data.indexOf(0, channelEnd + 1)),
        });
        break;
      }
      case 0x5a /* Z: ReadyForQuery */:
        reply.status = String.fromCharCode(data[body]!);
        break;
      // ParseComplete, BindComplete, CloseComplete, EmptyQueryResponse,
      // NoticeResponse and ParameterStatus carry nothing a query returns.
    }
    offset = end;
  }
  return reply;
}

function readRow(
  data: Buffer,
  start: number,
  fields: Field[],
  parsers: Record<number, Parser | undefined>,
): Record<string, unknown> {
  const count = data.readInt16BE(start);
  const row: Record<string, unknown> = {};
  let offset = start + 2;
  for (let i = 0; i < count; i++) {
    const length = data.readInt32BE(offset);
    offset += 4;
    const field = fields[i]!;
    if (length === -1) {
      row[field.name] = null;
      continue;
    }
    const text = data.toString('utf8', offset, offset + length);
    offset += length;
    const parse = parsers[field.typeId];
    row[field.name] = parse ? parse(text, field.typeId) : text;
  }
  return row;
}

function readFields(data: Buffer, start: number): Field[] {
  const count = data.readInt16BE(start);
  const fields: Field[] = [];
  let offset = start + 2;
  for (let i = 0; i < count; i++) {
    const nameEnd = data.indexOf(0, offset);
    const name = data.toString('utf8', offset, nameEnd);
    // After the name: table oid (4), column number (2), type oid (4), size, modifier, format.
    fields.push({ name, typeId: data.readInt32BE(nameEnd + 7) });
    offset = nameEnd + 19;
  }
  return fields;
}

/** An ErrorResponse as the DatabaseError PGlite (and node-postgres) would throw. */
function readError(data: Buffer, start: number, end: number): Error {
  const parts = new Map<string, string>();
  let offset = start;
  while (offset < end && data[offset] !== 0) {
    const code = String.fromCharCode(data[offset]!);
    const valueEnd = data.indexOf(0, offset + 1);
    parts.set(code, data.toString('utf8', offset + 1, valueEnd));
    offset = valueEnd + 1;
  }
  const error = new messages.DatabaseError(parts.get('M') ?? 'unknown error', end - start, 'error');
  error.severity = parts.get('S');
  error.code = parts.get('C');
  error.detail = parts.get('D');
  error.hint = parts.get('H');
  error.position = parts.get('P');
  error.internalPosition = parts.get('p');
  error.internalQuery = parts.get('q');
  error.where = parts.get('W');
  error.schema = parts.get('s');
  error.table = parts.get('t');
  error.column = parts.get('c');
  error.dataType = parts.get('d');
  error.constraint = parts.get('n');
  error.file = parts.get('F');
  error.line = parts.get('L');
  error.routine = parts.get('R');
  return error;
}
