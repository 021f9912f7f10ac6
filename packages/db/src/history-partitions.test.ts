import { afterEach, describe, expect, it } from 'vitest';
import { HISTORY_TABLES, listDays, maintainHistoryPartitions } from './history-partitions';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

let test: TestDatabase | undefined;
afterEach(async () => {
  await test?.drop();
});

const DAY_MS = 86_400_000;
const RETENTION_MS = 30 * DAY_MS;
const TENANT = '00000000-0000-4000-8000-000000000001';

async function insertTaskEvent(db: TestDatabase['db'], createdAt: string, message: string) {
  await db.query(
    `INSERT INTO task_events (tenant_id, task_id, retry_count, event_type, created_at, message)
     VALUES ($1, 1, 0, 'FINISHED', $2, $3)`,
    [TENANT, createdAt, message],
  );
}

/** Each task event's message and the partition it is stored in. */
async function taskEventHomes(db: TestDatabase['db']) {
  const { rows } = await db.query<{ message: string; home: string }>(
    `SELECT message, tableoid::regclass::text AS home FROM task_events ORDER BY created_at`,
  );
  return rows;
}

const days = (list: number[]) => list.map((day) => new Date(day).toISOString().slice(0, 10));

describe('history partitions', () => {
  it('creates the days around now, drops expired days whole, and moves or expires strays', async () => {
    test = await createTestDatabase({ migrate: true });
    const { db } = test;
    await db.query(`INSERT INTO tenants (id, name, slug) VALUES ($1, 'Acme', 'acme')`, [TENANT]);
    // Rows from before any day existed (as after the migration) wait in the DEFAULT partition.
    await insertTaskEvent(db, '2026-01-01T00:00:00Z', 'old stray');
    await insertTaskEvent(db, '2026-06-15T10:00:00Z', 'june');
    await insertTaskEvent(db, '2027-01-01T00:00:00Z', 'future stray');

    let now = new Date('2026-06-15T12:00:00Z');
    const first = await maintainHistoryPartitions(db, {
      retentionMs: RETENTION_MS,
      now: () => now,
    });
    // Yesterday to three days ahead, for every history table.
    for (const table of HISTORY_TABLES) {
      expect(days(await listDays(db, table))).toEqual([
        '2026-06-14',
        '2026-06-15',
        '2026-06-16',
        '2026-06-17',
        '2026-06-18',
      ]);
    }
    expect(first.created).toHaveLength(5 * HISTORY_TABLES.length);
    expect(first.dropped).toEqual([]);
    // Past retention already: the January stray is deleted; June's row moved into its day.
    expect(first.strayRowsDeleted).toBe(1);
    expect(await taskEventHomes(db)).toEqual([
      { message: 'june', home: 'task_events_p20260615' },
      { message: 'future stray', home: 'task_events_default' },
    ]);

    // A second pass at the same time changes nothing.
    expect(
      await maintainHistoryPartitions(db, { retentionMs: RETENTION_MS, now: () => now }),
    ).toEqual({ created: [], dropped: [], strayRowsDeleted: 0 });

    // 35 days on: June's days are past retention and go whole; a row written today stays.
    now = new Date('2026-07-20T12:00:00Z');
    await insertTaskEvent(db, '2026-07-20T11:00:00Z', 'live');
    await db.query(
      `INSERT INTO events (id, tenant_id, key, payload, event_timestamp, created_at)
       VALUES (gen_random_uuid(), $1, 'order.created', '{}', $2, $2)`,
      [TENANT, '2026-07-20T11:30:00Z'],
    );
    const later = await maintainHistoryPartitions(db, {
      retentionMs: RETENTION_MS,
      now: () => now,
    });
    expect(later.dropped).toContain('task_events_p20260615');
    expect(later.dropped).toHaveLength(5 * HISTORY_TABLES.length);
    expect(days(await listDays(db, 'task_events'))).toEqual([
      '2026-07-19',
      '2026-07-20',
      '2026-07-21',
      '2026-07-22',
      '2026-07-23',
    ]);
    // Written before its day existed (the clock jumped), the live row waited in the default
    // partition and moved into its day when the pass created it.
    expect(await taskEventHomes(db)).toEqual([
      { message: 'live', home: 'task_events_p20260720' },
      { message: 'future stray', home: 'task_events_default' },
    ]);
    const { rows: events } = await db.query<{ key: string }>(`SELECT key FROM events`);
    expect(events).toEqual([{ key: 'order.created' }]);

    // The clock reaches the future stray's day: it moves into that day, untouched.
    now = new Date('2026-12-31T06:00:00Z');
    const newYear = await maintainHistoryPartitions(db, {
      retentionMs: RETENTION_MS,
      now: () => now,
    });
    expect(newYear.created).toContain('task_events_p20270101');
    expect(await taskEventHomes(db)).toEqual([
      { message: 'future stray', home: 'task_events_p20270101' },
    ]);
    // Lists keep working across the partitions.
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM task_events`);
    expect(rows[0]?.n).toBe(1);
  });
});
