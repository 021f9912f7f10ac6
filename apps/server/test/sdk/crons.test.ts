/**
 * Crons and scheduled runs with real SDK processes: a worker registers a cron declared in code;
 * `workflow.cron` and `workflow.schedule` create them over REST, the engine fires them on the
 * worker, and the SDK's cron and schedule clients list, read, move and delete them.
 */
import { describe, expect, it } from 'vitest';
import { eventually, runClient, startWorker, useServerAndRest } from './harness';

const fx = useServerAndRest();

/** Runs a schedule command of the example client and parses the JSON after `word`. */
async function client<T>(args: string[], word: string): Promise<T> {
  const process = runClient(fx.server.address, fx.server.token, args, {
    HATCHET_CLIENT_API_URL: fx.restUrl,
  });
  return JSON.parse(await process.waitForLine(`${word} `)) as T;
}

interface Row {
  metadata: { id: string };
  [key: string]: unknown;
}

interface FiredRun {
  status: string;
  dueAt: Date | null;
  output: unknown;
}

function runsOf(column: 'triggering_cron_id' | 'triggering_schedule_id', id: string) {
  return fx.server.db
    .query<FiredRun>(
      `SELECT r.status, r.trigger_due_at AS "dueAt",
              (SELECT t.output FROM tasks t WHERE t.run_id = r.id LIMIT 1) AS output
         FROM workflow_runs r WHERE r.tenant_id = $1 AND r.${column} = $2
        ORDER BY r.trigger_due_at`,
      [fx.server.tenantId, id],
    )
    .then(({ rows }) => rows);
}

describe('crons and schedules through the SDK', () => {
  it('registers a cron declared in code, listed by the cron client', async () => {
    await startWorker(fx.server.address, fx.server.token);
    const list = await client<{ rows: Row[] }>(['--crons', 'nightly-digest'], 'CRONS');
    expect(list.rows).toEqual([
      expect.objectContaining({
        workflowName: 'nightly-digest',
        cron: 'CRON_TZ=America/New_York 0 6 * * *',
        method: 'DEFAULT',
        enabled: true,
      }),
    ]);
  });

  it('fires a cron made with workflow.cron on the worker, once per second, until deleted', async () => {
    await startWorker(fx.server.address, fx.server.token);
    const cron = await client<Row>(
      ['--cron', 'simple', 'every-second', '* * * * * *', '{"Message":"From Cron"}'],
      'CRON',
    );
    expect(cron).toMatchObject({ name: 'every-second', method: 'API', workflowName: 'simple' });
    const id = cron.metadata.id;
    const fired = await eventually(async () => {
      const runs = await runsOf('triggering_cron_id', id);
      return runs.filter((r) => r.status === 'COMPLETED').length >= 3 ? runs : undefined;
    });
    for (const run of fired.filter((r) => r.status === 'COMPLETED')) {
      expect(run.output).toEqual({ TransformedMessage: 'from cron' });
    }
    const dueTimes = fired.map((r) => r.dueAt!.getTime());
    expect(new Set(dueTimes).size).toBe(dueTimes.length);
    for (const due of dueTimes) expect(due % 1000).toBe(0);

    expect(await client<Row>(['--cron-get', id], 'CRON')).toMatchObject({
      lastFire: expect.objectContaining({ late: false }),
    });
    await client(['--cron-delete', id], 'DELETED');
    const after = (await runsOf('triggering_cron_id', id)).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await runsOf('triggering_cron_id', id)).length).toBe(after);
  });

  it('fires a run made with workflow.schedule at its time; moves, lists and deletes others', async () => {
    await startWorker(fx.server.address, fx.server.token);
    const soon = new Date(Date.now() + 2_000);
    const first = await client<Row>(
      ['--schedule', 'simple', soon.toISOString(), '{"Message":"Scheduled"}'],
      'SCHEDULED',
    );
    const later = await client<Row>(
      ['--schedule', 'simple', new Date(Date.now() + 3_600_000).toISOString(), '{"Message":"x"}'],
      'SCHEDULED',
    );
    const moved = new Date(Date.now() + 7_200_000);
    moved.setMilliseconds(0);
    expect(
      await client<Row>(['--schedule-update', later.metadata.id, moved.toISOString()], 'SCHEDULED'),
    ).toMatchObject({ triggerAt: moved.toISOString() });

    const [run] = await eventually(async () => {
      const runs = await runsOf('triggering_schedule_id', first.metadata.id);
      return runs[0]?.status === 'COMPLETED' ? runs : undefined;
    });
    expect(run!.output).toEqual({ TransformedMessage: 'scheduled' });
    expect(run!.dueAt!.toISOString()).toBe(soon.toISOString());
    const fired = await client<Row>(['--schedule-get', first.metadata.id], 'SCHEDULED');
    expect(fired).toMatchObject({ workflowRunStatus: 'SUCCEEDED' });
    expect(fired['workflowRunId']).toBeTruthy();

    const listed = await client<{ rows: Row[] }>(['--schedules', 'simple'], 'SCHEDULES');
    expect(listed.rows.map((r) => r.metadata.id)).toEqual([later.metadata.id, first.metadata.id]);
    const bulk = await client<{ updatedIds: string[]; errors: unknown[] }>(
      ['--schedule-bulk-update', `${first.metadata.id},${later.metadata.id}`, moved.toISOString()],
      'BULK',
    );
    expect(bulk.updatedIds).toEqual([later.metadata.id]);
    expect(bulk.errors).toHaveLength(1);
    expect(await client(['--schedule-bulk-delete', `${later.metadata.id}`], 'BULK')).toEqual({
      deletedIds: [later.metadata.id],
      errors: [],
    });
    await client(['--schedule-delete', first.metadata.id], 'DELETED');
    expect((await client<{ rows: Row[] }>(['--schedules', 'simple'], 'SCHEDULES')).rows).toEqual(
      [],
    );
  });
});
