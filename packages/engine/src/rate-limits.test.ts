/**
 * Rate limits in the scheduler, on a controlled clock: the tests move the clock and then give the
 * engine a reason to tick (a worker's report), so a window's refill is seen without waiting.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useClockedEngineFixture } from '../test/engine-fixture';
import { TestWorker } from '../test/test-worker';
import type { Engine } from './engine';
import { normaliseRateLimitUses, rateLimitClaimsOf } from './rate-limits';
import type { WorkflowDefinitionInput } from './workflow-definition';

describe('rate limit claims', () => {
  it('works out dynamic keys, units and limits from the run', () => {
    const uses = normaliseRateLimitUses(
      [
        { key: 'emails', units: 2 },
        {
          key: 'input.user',
          keyExpr: 'input.user',
          unitsExpr: 'input.n',
          limitValuesExpr: '10',
          duration: 'MINUTE',
        },
      ],
      'task "a"',
    );
    expect(
      rateLimitClaimsOf([{ readableId: 'a', rateLimits: uses }], { user: 'u1', n: 3 }, {}),
    ).toEqual({
      ok: true,
      claims: new Map([
        [
          'a',
          [
            { key: 'emails', units: 2, limit: null, duration: 'SECOND' },
            { key: 'u1', units: 3, limit: 10, duration: 'MINUTE' },
          ],
        ],
      ]),
    });
    const failed = rateLimitClaimsOf([{ readableId: 'a', rateLimits: uses }], { n: 3 }, {});
    expect(failed.ok).toBe(false);
  });

  it('refuses declarations that cannot work', () => {
    expect(() => normaliseRateLimitUses([{ keyExpr: 'input.k' }], 't')).toThrow('needs a limit');
    expect(() => normaliseRateLimitUses([{ key: 'k', units: 0 }], 't')).toThrow('at least 1');
    expect(() => normaliseRateLimitUses([{ key: 'k', duration: 'FORTNIGHT' }], 't')).toThrow(
      'unknown duration',
    );
  });
});

describe('rate limits in the engine', () => {
  const fx = useClockedEngineFixture();
  let tenantId: string;

  beforeEach(() => {
    tenantId = fx.tenantId;
  });

  const send = (units: number | string, key = 'emails'): WorkflowDefinitionInput => ({
    name: 'send',
    tasks: [
      {
        readableId: 'send',
        actionId: 'send:send',
        rateLimits: [
          typeof units === 'number'
            ? { key, units }
            : { key, keyExpr: key, unitsExpr: units, limitValuesExpr: '3', duration: 'MINUTE' },
        ],
      },
    ],
  });

  const taskOf = async (engine: Engine, runId: string) =>
    (await engine.getRunDetails(tenantId, runId)).tasks[0]!.externalId;

  const events = async (engine: Engine, runId: string) =>
    (await engine.listTaskEvents(tenantId, await taskOf(engine, runId))).map((e) => e.eventType);

  it('spends units at assignment, holds the rest until they leave the window, and persists it', async () => {
    const engine = await fx.engine();
    await engine.putRateLimit(tenantId, { key: 'emails', limit: 2, duration: 'MINUTE' });
    await engine.putWorkflow(tenantId, send(1));
    const worker = await new TestWorker(engine, tenantId).connect(['send:send'], 10);
    const runs = await engine.trigger(
      tenantId,
      [1, 2, 3].map(() => ({ workflowName: 'send' })),
    );
    const started = await worker.waitFor((a) => a.kind === 'START', 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(worker.actions.filter((a) => a.kind === 'START')).toHaveLength(2);
    const waiting = await engine.whyWaiting(tenantId, await taskOf(engine, runs[2]!));
    expect(waiting).toMatchObject({ reason: 'RATE_LIMITED', key: 'emails', limit: 2 });
    expect(await events(engine, runs[2]!)).toContain('REQUEUED_RATE_LIMIT');
    const [row] = (
      await fx.db.query<{ value: number }>(`SELECT value FROM rate_limits WHERE key = 'emails'`)
    ).rows;
    expect(row!.value).toBe(0);

    // The window passes (and the slice the units were spent in): the next tick (a report
    // wakes it) sees them gone and assigns the third.
    fx.clock.now += 61_000;
    await worker.complete(started[0]!, {});
    await worker.waitFor((a) => a.kind === 'START', 3);
  });

  it('spends one limit for the two workflows that name it, each by its own units', async () => {
    const engine = await fx.engine();
    await engine.putRateLimit(tenantId, { key: 'api', limit: 5, duration: 'HOUR' });
    const spender = (name: string, units: number): WorkflowDefinitionInput => ({
      name,
      tasks: [
        { readableId: name, actionId: `${name}:${name}`, rateLimits: [{ key: 'api', units }] },
      ],
    });
    await engine.putWorkflow(tenantId, spender('small', 1));
    await engine.putWorkflow(tenantId, spender('large', 3));
    const worker = await new TestWorker(engine, tenantId).connect(
      ['small:small', 'large:large'],
      10,
    );
    // 3 + 1 + 1 = 5 fit the hour; the second large (3 more) and the third small (1 more) wait.
    const [large1, small1, small2, large2, small3] = await engine.trigger(tenantId, [
      { workflowName: 'large' },
      { workflowName: 'small' },
      { workflowName: 'small' },
      { workflowName: 'large' },
      { workflowName: 'small' },
    ]);
    const started = await worker.waitFor((a) => a.kind === 'START', 3);
    expect(new Set(started.map((a) => a.workflowRunId))).toEqual(new Set([large1, small1, small2]));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(worker.actions.filter((a) => a.kind === 'START')).toHaveLength(3);
    for (const held of [large2!, small3!]) {
      expect(await engine.whyWaiting(tenantId, await taskOf(engine, held))).toMatchObject({
        reason: 'RATE_LIMITED',
        key: 'api',
        limit: 5,
      });
    }
  });

  it('gives the units back when an assigned task is cancelled before it starts', async () => {
    const engine = await fx.engine();
    await engine.putRateLimit(tenantId, { key: 'emails', limit: 1, duration: 'HOUR' });
    await engine.putWorkflow(tenantId, send(1));
    const worker = await new TestWorker(engine, tenantId).connect(['send:send'], 10);
    const [first, second] = await engine.trigger(tenantId, [
      { workflowName: 'send' },
      { workflowName: 'send' },
    ]);
    await worker.waitFor((a) => a.kind === 'START', 1);
    await engine.cancel(tenantId, [first!]);
    const [start] = await worker.waitFor((a) => a.kind === 'START' && a.workflowRunId === second);
    expect(start).toBeDefined();
  });

  it('fails a task that needs more than the limit, or a key that does not exist', async () => {
    const engine = await fx.engine();
    await engine.putRateLimit(tenantId, { key: 'emails', limit: 2 });
    await engine.putWorkflow(tenantId, send(5));
    await new TestWorker(engine, tenantId).connect(['send:send'], 10);
    const [tooMany] = await engine.trigger(tenantId, [{ workflowName: 'send' }]);
    await expect
      .poll(async () => (await engine.getRunDetails(tenantId, tooMany!)).status)
      .toBe('FAILED');
    const run = await engine.getRunDetails(tenantId, tooMany!);
    expect(run.tasks[0]!.error).toContain('more than its limit of 2');
    expect(await events(engine, tooMany!)).toContain('RATE_LIMIT_ERROR');

    await engine.putWorkflow(tenantId, send(1, 'missing'));
    const [unknown] = await engine.trigger(tenantId, [{ workflowName: 'send' }]);
    await expect
      .poll(async () => (await engine.getRunDetails(tenantId, unknown!)).status)
      .toBe('FAILED');
    expect((await engine.getRunDetails(tenantId, unknown!)).tasks[0]!.error).toContain(
      'Rate limit "missing" does not exist',
    );
  });

  it('creates a dynamic key with its declared limit, and spends units worked out per run', async () => {
    const engine = await fx.engine();
    await engine.putWorkflow(tenantId, send('input.units', 'input.user'));
    const worker = await new TestWorker(engine, tenantId).connect(['send:send'], 10);
    await engine.trigger(tenantId, [
      { workflowName: 'send', input: { user: 'ann', units: 2 } },
      { workflowName: 'send', input: { user: 'ann', units: 2 } },
      { workflowName: 'send', input: { user: 'bob', units: 3 } },
    ]);
    // ann: 2 of 3, then 2 more do not fit; bob: 3 of 3.
    await worker.waitFor((a) => a.kind === 'START', 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(worker.actions.filter((a) => a.kind === 'START')).toHaveLength(2);
    const rows = (
      await fx.db.query<{ key: string; value: number; limit: number }>(
        `SELECT key, value, limit_value AS "limit" FROM rate_limits ORDER BY key`,
      )
    ).rows;
    expect(rows).toEqual([
      { key: 'ann', value: 1, limit: 3 },
      { key: 'bob', value: 0, limit: 3 },
    ]);
  });

  it('after a restart, an exhausted limit still holds the queue back', async () => {
    const engine = await fx.engine();
    await engine.putRateLimit(tenantId, { key: 'emails', limit: 1, duration: 'HOUR' });
    await engine.putWorkflow(tenantId, send(1));
    const worker = await new TestWorker(engine, tenantId).connect(['send:send'], 10);
    await engine.trigger(tenantId, [{ workflowName: 'send' }, { workflowName: 'send' }]);
    await worker.waitFor((a) => a.kind === 'START', 1);
    await engine.close();

    const restarted = await fx.engine();
    const again = await new TestWorker(restarted, tenantId, 'again').connect(['send:send'], 10);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(again.actions.filter((a) => a.kind === 'START')).toHaveLength(0);
  });
});
