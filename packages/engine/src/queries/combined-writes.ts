import type { Queryable } from '@trellis/db';

/**
 * One INSERT, UPDATE or DELETE, with its parameters numbered from `first`, so that several can
 * run as one statement. Every statement is a round trip to the database, and round trips (the
 * send, the backend's wake-up, the reply) were most of the engine's cost per tick.
 */
export interface Write {
  text(first: number): string;
  params: unknown[];
}

/**
 * Runs writes as one statement: all but the last as data-modifying CTEs, the last as the
 * statement itself, whose rows are returned. They see the same snapshot and none sees
 * another's changes, so they must touch different rows (PostgreSQL's rule for data-modifying
 * CTEs); each CTE runs to completion even though nothing reads it.
 */
export async function runWrites<Row = Record<string, unknown>>(
  db: Queryable,
  writes: readonly Write[],
): Promise<Row[]> {
  if (writes.length === 0) return [];
  const texts: string[] = [];
  const params: unknown[] = [];
  for (const write of writes) {
    texts.push(write.text(params.length + 1));
    params.push(...write.params);
  }
  const last = texts.pop()!;
  const text =
    texts.length === 0
      ? last
      : `WITH ${texts.map((t, i) => `w${i} AS (${t})`).join(',\n')}\n${last}`;
  const { rows } = await db.query<Row>(text, params);
  return rows;
}
