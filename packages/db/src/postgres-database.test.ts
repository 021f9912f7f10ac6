import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from './database';
import { openPostgresDatabase } from './postgres-database';

const serverUrl = process.env.TRELLIS_TEST_DATABASE_URL;

/** Connection failures, provoked with pg_terminate_backend on the test server. */
describe.runIf(serverUrl)('PostgreSQL connections', () => {
  let db: Database;
  let reported: Error[];

  beforeEach(() => {
    reported = [];
    db = openPostgresDatabase({
      connectionString: serverUrl ?? '',
      onConnectionError: (error) => reported.push(error),
    });
  });

  afterEach(async () => {
    await db.close();
  });

  const terminate = async (pid: number) => {
    const other = openPostgresDatabase({ connectionString: serverUrl ?? '' });
    try {
      await other.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await other.close();
    }
  };

  it('reports a connection lost inside a transaction, rejects it, and stays usable', async () => {
    const transaction = db.transaction(async (tx) => {
      const { rows } = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
      await terminate(rows[0]?.pid ?? 0);
      await vi.waitFor(() => expect(reported).not.toHaveLength(0));
      await tx.query('select 1');
    });
    await expect(transaction).rejects.toThrow();
    expect((await db.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
  });

  it('reports a dropped LISTEN connection, reconnects and listens again', async () => {
    const channel = `reconnect_${randomBytes(4).toString('hex')}`;
    const payloads: string[] = [];
    await db.listen(channel, (payload) => payloads.push(payload));
    const { rows } = await db.query<{ pid: number }>(
      'select pid from pg_stat_activity where query = $1',
      [`LISTEN ${channel}`],
    );
    expect(rows).toHaveLength(1);
    await terminate(rows[0]?.pid ?? 0);
    await vi.waitFor(() => expect(reported).not.toHaveLength(0));

    // Notifications sent before the reconnect are lost; keep sending until one gets through.
    await vi.waitFor(
      async () => {
        await db.query('select pg_notify($1, $2)', [channel, 'back']);
        expect(payloads).toContain('back');
      },
      { timeout: 30_000, interval: 200 },
    );
  });
});
