/**
 * Reading a whole list in batches, newest first, for exports: each batch continues after the
 * last row of the one before (keyset pagination on the list index's order, creation time then
 * id), so every batch costs the same however deep it is, and memory holds one batch at a time.
 */
import type { SqlParams } from './run-filter';

/** How many rows one statement reads. */
export const BATCH_SIZE = 500;

/**
 * Where the next batch starts: after this row. The time is the database's own text for it:
 * timestamps keep microseconds, which a JavaScript Date would round away and so skip rows.
 */
export interface KeysetCursor {
  createdAt: string;
  id: string;
}

/** A row read in keyset order carries its cursor time. */
export interface KeysetRow {
  id: string;
  cursorAt: string;
}

/** The batches `read` returns, one after the other, until one comes back short. */
export async function* keysetBatches<Row extends KeysetRow>(
  read: (after: KeysetCursor | undefined, limit: number) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  let after: KeysetCursor | undefined;
  for (;;) {
    const rows = await read(after, BATCH_SIZE);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < BATCH_SIZE) return;
    after = { createdAt: last.cursorAt, id: last.id };
  }
}

/** `(time, id) < cursor` for a keyset read in descending order, or nothing for the first batch. */
export function keysetCondition(
  timeColumn: string,
  idColumn: string,
  idType: 'uuid' | 'bigint',
  after: KeysetCursor | undefined,
  params: SqlParams,
): string[] {
  if (!after) return [];
  return [
    `(${timeColumn}, ${idColumn}) < (${params.add(after.createdAt)}::timestamptz, ${params.add(after.id)}::${idType})`,
  ];
}
