import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@trellis/db';
import { createTestDatabase } from '@trellis/db/testing';
import { Engine } from './engine';
import { createTenant } from '../test/test-worker';
import type { WorkflowDefinitionInput } from './workflow-definition';

/**
 * Crons and scheduled runs on a controlled clock: the tests move `now` and ask the ticker to
 * fire what is due (Engine.fireDueTriggers), as its timer would at that moment.
 */
let db: Database;
let drop: () => Promise<void>;
let tenantId: string;
let now: number;
const engines: Engine[] = [];

const START = Date.parse('2026-03-10T12:00:30Z');
const minute = 60_000;

function newEngine(): Engine {
  const engine = new Engine({
    db,
    clock: { now: () => now },
    onError: (message, error) => console.error(message, error),
  });
  engines.push(engine);
  return engine;
}

async function started(): Promise<Engine> {
  const engine = newEngine();
  await engine.start();
  await engine.putWorkflow(tenantId, report);
  return engine;
}

const report: WorkflowDefinitionInput = {
  name: 'report',
  tasks: [{ readableId: 'report', actionId: 'report:report' }],
};

/** Resolves once every fire buffered before it is committed: ticks run in order. */
function flush(engine: Engine): Promise<unknown> {
  return engine.pushEvents(tenantId, [{ key: 'flush', payload: {} }]);
}

interface FiredRun {
  cronId: string | null;
  scheduleId: string | null;
  dueAt: string | null;
  late: boolean | null;
  input: unknown;
  additionalMetadata: Record<string, unknown>;
  priority: number;
}

async function firedRuns(): Promise<FiredRun[]> {
  const { rows } = await db.query<FiredRun & { dueAt: Date | null }>(
    `SELECT triggering_cron_id AS "cronId", triggering_schedule_id AS "scheduleId",
            trigger_due_at AS "dueAt", trigger_late AS late, input,
            additional_metadata AS "additionalMetadata", priority
       FROM workflow_runs
      WHERE tenant_id = $1 AND (triggering_cron_id IS NOT NULL OR triggering_schedule_id IS NOT NULL)
      ORDER BY trigger_due_at, created_at`,
    [tenantId],
  );
  return rows.map((r) => ({ ...r, dueAt: r.dueAt?.toISOString() ?? null }));
}

const cron = (expression: string, name = 'every-minute') => ({
  name,
  expression,
  input: { report: 'daily' },
  additionalMetadata: { team: 'ops' },
});

beforeEach(async () => {
  ({ db, drop } = await createTestDatabase({ migrate: true }));
  tenantId = await createTenant(db);
  now = START;
});

afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  await drop();
});

describe('crons', () => {
  it('fire at their due time, once, with their input, metadata and priority', async () => {
    const engine = await started();
    const id = await engine.timedTriggers.createCron(tenantId, 'report', {
      ...cron('* * * * *'),
      priority: 3,
    });
    engine.fireDueTriggers(); // 12:00:30: nothing is due yet
    await flush(engine);
    expect(await firedRuns()).toEqual([]);

    now = Date.parse('2026-03-10T12:01:00Z');
    engine.fireDueTriggers();
    engine.fireDueTriggers(); // the same moment again fires nothing more
    await flush(engine);
    expect(await firedRuns()).toEqual([
      {
        cronId: id,
        scheduleId: null,
        dueAt: '2026-03-10T12:01:00.000Z',
        late: false,
        input: { report: 'daily' },
        additionalMetadata: { team: 'ops' },
        priority: 3,
      },
    ]);
    const { rows } = await db.query<{ lastRunId: string; lastDueAt: Date }>(
      `SELECT last_run_id AS "lastRunId", last_due_at AS "lastDueAt" FROM cron_triggers WHERE id = $1`,
      [id],
    );
    expect(rows[0]!.lastDueAt.toISOString()).toBe('2026-03-10T12:01:00.000Z');
    expect(rows[0]!.lastRunId).toBeTruthy();
  });

  it('fire the latest missed time once, marked late, after the server was down', async () => {
    const first = await started();
    await first.timedTriggers.createCron(tenantId, 'report', cron('*/5 * * * *'));
    await first.close();

    now = Date.parse('2026-03-10T13:07:00Z'); // thirteen due times passed while down
    const second = await started();
    second.fireDueTriggers();
    await flush(second);
    expect((await firedRuns()).map(({ dueAt, late }) => ({ dueAt, late }))).toEqual([
      { dueAt: '2026-03-10T13:05:00.000Z', late: true },
    ]);

    now = Date.parse('2026-03-10T13:10:00Z'); // and on time again after that
    second.fireDueTriggers();
    await flush(second);
    expect((await firedRuns()).map(({ dueAt, late }) => ({ dueAt, late }))).toEqual([
      { dueAt: '2026-03-10T13:05:00.000Z', late: true },
      { dueAt: '2026-03-10T13:10:00.000Z', late: false },
    ]);
  });

  it('fire every due time of a short lag, each on time, and only older misses as one late fire', async () => {
    const engine = await started();
    await engine.timedTriggers.createCron(tenantId, 'report', cron('* * * * * *', 'every-second'));
    // The process was busy for three seconds: each of them fires, in order, none late.
    now = START + 3_500;
    engine.fireDueTriggers();
    const fired = () =>
      firedRuns().then((runs) => runs.map(({ dueAt, late }) => ({ dueAt, late })));
    await expect.poll(fired).toEqual([
      { dueAt: '2026-03-10T12:00:31.000Z', late: false },
      { dueAt: '2026-03-10T12:00:32.000Z', late: false },
      { dueAt: '2026-03-10T12:00:33.000Z', late: false },
    ]);
    // Then stalled for a minute: what passed more than LATE_AFTER_MS ago fires once, late,
    // and the last ten seconds each fire.
    now = START + 63_500;
    engine.fireDueTriggers();
    await expect.poll(async () => (await fired()).length).toBe(3 + 1 + 10);
    const after = (await fired()).slice(3);
    expect(after[0]).toEqual({ dueAt: '2026-03-10T12:01:23.000Z', late: true });
    expect(after.slice(1).every((f) => !f.late)).toBe(true);
    expect(after.at(-1)).toEqual({ dueAt: '2026-03-10T12:01:33.000Z', late: false });
  });

  it('fire once when two engines on one database hold the same cron', async () => {
    const first = await started();
    const second = await started();
    await first.timedTriggers.createCron(tenantId, 'report', cron('* * * * *'));
    await second.timedTriggers.createCron(tenantId, 'report', cron('*/2 * * * *', 'other'));
    await flush(first);
    for (let m = 1; m <= 4; m++) {
      now = START + m * minute;
      second.fireDueTriggers();
      first.fireDueTriggers();
      await Promise.all([flush(first), flush(second)]);
    }
    // Every minute from 12:01 to 12:04, and every other minute (12:02, 12:04): each once.
    expect(await firedRuns()).toHaveLength(4 + 2);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(DISTINCT (triggering_cron_id, trigger_due_at))::int AS n FROM workflow_runs
        WHERE tenant_id = $1`,
      [tenantId],
    );
    expect(rows[0]!.n).toBe(6);
  });

  it('do not fire while disabled, nor the times missed meanwhile once enabled again', async () => {
    const engine = await started();
    const id = await engine.timedTriggers.createCron(tenantId, 'report', cron('* * * * *'));
    await engine.timedTriggers.updateCron(tenantId, id, { enabled: false });
    now = START + 10 * minute;
    engine.fireDueTriggers();
    await flush(engine);
    expect(await firedRuns()).toEqual([]);

    await engine.timedTriggers.updateCron(tenantId, id, { enabled: true });
    engine.fireDueTriggers();
    await flush(engine);
    expect(await firedRuns()).toEqual([]);

    now = START + 11 * minute;
    engine.fireDueTriggers();
    await flush(engine);
    expect((await firedRuns()).map((r) => r.dueAt)).toEqual(['2026-03-10T12:11:00.000Z']);
  });

  it('follow an expression edited in place, from the time of the edit', async () => {
    const engine = await started();
    const id = await engine.timedTriggers.createCron(tenantId, 'report', cron('0 * * * *'));
    await engine.timedTriggers.updateCron(tenantId, id, { expression: '*/15 * * * *' });
    now = Date.parse('2026-03-10T12:15:00Z');
    engine.fireDueTriggers();
    await flush(engine);
    expect((await firedRuns()).map((r) => r.dueAt)).toEqual(['2026-03-10T12:15:00.000Z']);
  });

  it('run now without moving their schedule', async () => {
    const engine = await started();
    const id = await engine.timedTriggers.createCron(tenantId, 'report', cron('0 0 1 1 *'));
    const runId = await engine.timedTriggers.runCronNow(tenantId, id);
    expect(await firedRuns()).toEqual([
      expect.objectContaining({ cronId: id, dueAt: null, input: { report: 'daily' } }),
    ]);
    expect(runId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuse an invalid expression with the spec message, and a duplicate', async () => {
    const engine = await started();
    await expect(
      engine.timedTriggers.createCron(tenantId, 'report', cron('* * *')),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'Expression has only 3 parts. At least 5 parts are required.',
    });
    await engine.timedTriggers.createCron(tenantId, 'report', cron('* * * * *'));
    await expect(
      engine.timedTriggers.createCron(tenantId, 'report', cron('* * * * *')),
    ).rejects.toMatchObject({ code: 'FAILED_PRECONDITION' });
    await expect(
      engine.timedTriggers.createCron(tenantId, 'nope', cron('* * * * *')),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('declared in code follow the workflow: created, kept with their cursor, removed', async () => {
    const engine = await started();
    const declared = (cronTriggers: string[]) =>
      engine.putWorkflow(tenantId, { ...report, cronTriggers, cronInput: { from: 'code' } });
    await declared(['CRON_TZ=Europe/Berlin 0 9 * * *', '* * * * *']);
    now = START + 30_000;
    engine.fireDueTriggers();
    await flush(engine);
    await declared(['* * * * *']);
    const { rows } = await db.query<{ expression: string; method: string; lastDueAt: Date }>(
      `SELECT expression, method, last_due_at AS "lastDueAt" FROM cron_triggers WHERE tenant_id = $1`,
      [tenantId],
    );
    expect(rows).toEqual([
      { expression: '* * * * *', method: 'DEFAULT', lastDueAt: new Date('2026-03-10T12:01:00Z') },
    ]);
    expect((await firedRuns())[0]).toMatchObject({ input: { from: 'code' } });
    await expect(declared(['61 * * * *'])).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'workflow "report": cron "61 * * * *": Expression contains invalid values',
    });
  });

  it('fire in their time zone', async () => {
    const engine = await started();
    await engine.timedTriggers.createCron(
      tenantId,
      'report',
      cron('CRON_TZ=America/New_York 0 8 * * *'),
    );
    now = Date.parse('2026-03-11T12:00:00Z'); // 08:00 in New York (EDT since 8 March)
    engine.fireDueTriggers();
    await flush(engine);
    expect((await firedRuns()).map((r) => r.dueAt)).toEqual(['2026-03-11T12:00:00.000Z']);
  });
});

describe('scheduled runs', () => {
  const scheduled = (triggerAt: number) => ({
    triggerAt: new Date(triggerAt),
    input: { n: 1 },
    additionalMetadata: { source: 'test' },
  });

  it('fire at their time, once, linked to their run', async () => {
    const engine = await started();
    const id = await engine.timedTriggers.schedule(tenantId, 'report', scheduled(START + 5_000));
    engine.fireDueTriggers();
    await flush(engine);
    expect(await firedRuns()).toEqual([]);
    now = START + 5_000;
    engine.fireDueTriggers();
    engine.fireDueTriggers();
    await flush(engine);
    const runs = await firedRuns();
    expect(runs).toEqual([
      expect.objectContaining({
        scheduleId: id,
        dueAt: new Date(START + 5_000).toISOString(),
        late: false,
        input: { n: 1 },
      }),
    ]);
    const { rows } = await db.query<{ runId: string }>(
      `SELECT run_id AS "runId" FROM scheduled_runs WHERE id = $1`,
      [id],
    );
    expect(rows[0]!.runId).toBeTruthy();
  });

  it('move when rescheduled and never fire once deleted', async () => {
    const engine = await started();
    const moved = await engine.timedTriggers.schedule(tenantId, 'report', scheduled(START + 1_000));
    const deleted = await engine.timedTriggers.schedule(
      tenantId,
      'report',
      scheduled(START + 1_000),
    );
    const result = await engine.timedTriggers.reschedule(tenantId, [
      { id: moved, triggerAt: new Date(START + 60_000) },
    ]);
    expect(result).toEqual({ updatedIds: [moved], errors: [] });
    expect(await engine.timedTriggers.deleteScheduled(tenantId, [deleted])).toEqual({
      deletedIds: [deleted],
      errors: [],
    });
    now = START + 1_000;
    engine.fireDueTriggers();
    await flush(engine);
    expect(await firedRuns()).toEqual([]);
    now = START + 60_000;
    engine.fireDueTriggers();
    await flush(engine);
    expect((await firedRuns()).map((r) => r.scheduleId)).toEqual([moved]);
    // Fired: it cannot move any more, and says why.
    expect(
      await engine.timedTriggers.reschedule(tenantId, [
        { id: moved, triggerAt: new Date(START + 120_000) },
      ]),
    ).toEqual({
      updatedIds: [],
      errors: [
        { id: moved, error: 'Scheduled run has already been triggered and cannot be rescheduled.' },
      ],
    });
  });

  it('fire once at start when their time passed while the server was down, marked late', async () => {
    const first = await started();
    await first.timedTriggers.schedule(tenantId, 'report', scheduled(START + 60_000));
    await first.close();
    now = START + 3_600_000;
    const second = await started();
    second.fireDueTriggers();
    await flush(second);
    expect(await firedRuns()).toEqual([expect.objectContaining({ late: true })]);
  });

  it('fire now on request, once', async () => {
    const engine = await started();
    const id = await engine.timedTriggers.schedule(
      tenantId,
      'report',
      scheduled(START + 3_600_000),
    );
    const runId = await engine.timedTriggers.fireScheduledNow(tenantId, id);
    expect(runId).toMatch(/^[0-9a-f-]{36}$/);
    await expect(engine.timedTriggers.fireScheduledNow(tenantId, id)).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
    });
    now = START + 3_600_000;
    engine.fireDueTriggers();
    await flush(engine);
    expect(await firedRuns()).toHaveLength(1);
  });

  it('start in steps when thousands fall due together, each once', async () => {
    const engine = await started();
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO scheduled_runs (tenant_id, workflow_id, trigger_at)
       SELECT $1, w.id, $2 FROM workflows w, generate_series(1, 2500)
        WHERE w.tenant_id = $1 RETURNING id`,
      [tenantId, new Date(START + 1_000)],
    );
    expect(rows).toHaveLength(2500);
    const restarted = await started(); // reads them within its horizon
    now = START + 1_000;
    restarted.fireDueTriggers();
    engine.fireDueTriggers();
    await Promise.all([flush(restarted), flush(engine)]);
    // A flush waits for the tick it lands in; the fires left for later ticks follow.
    for (let i = 0; i < 20 && (await firedRuns()).length < 2500; i++) {
      await flush(restarted);
      await flush(engine);
    }
    const runs = await firedRuns();
    expect(runs).toHaveLength(2500);
    expect(new Set(runs.map((r) => r.scheduleId)).size).toBe(2500);
  });
});
