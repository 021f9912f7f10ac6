/**
 * Rate limits through the SDK: `hatchet.ratelimits.upsert` (gRPC PutRateLimit) and
 * `hatchet.ratelimits.list` (REST) from a real SDK client process, and tasks declaring static
 * and dynamic limits (examples/src/rate-limits.ts) served by a real SDK worker. Limits are per
 * minute or hour, so the assertions count what ran, never how fast.
 */
import { describe, expect, it } from 'vitest';
import type { RunDetails } from '@trellis/engine';
import { eventually, runClient, startWorker, useServerAndRest } from './harness';

const fx = useServerAndRest();

async function putRateLimit(key: string, limit: number, duration: string) {
  const client = runClient(
    fx.server.address,
    fx.server.token,
    ['--rate-limit', key, String(limit), duration],
    {
      HATCHET_CLIENT_API_URL: fx.restUrl,
    },
  );
  return JSON.parse(await client.waitForLine('RATE LIMITS ')) as {
    key: string;
    limitValue: number;
    value: number;
    window: string;
  }[];
}

describe('rate limits through the SDK', () => {
  it('upserts a static limit and lists it, then changes it', async () => {
    expect(await putRateLimit('sdk-emails', 10, 'MINUTE')).toEqual([
      expect.objectContaining({ key: 'sdk-emails', limitValue: 10, value: 10, window: '1 minute' }),
    ]);
    expect(await putRateLimit('sdk-emails', 4, 'HOUR')).toEqual([
      expect.objectContaining({ key: 'sdk-emails', limitValue: 4, value: 4, window: '1 hour' }),
    ]);
  });

  it('runs what a static limit allows, holds the rest with the reason, and goes on when it grows', async () => {
    await fx.server.engine.putRateLimit(fx.server.tenantId, {
      key: 'external-api',
      limit: 3,
      duration: 'HOUR',
    });
    await startWorker(fx.server.address, fx.server.token);
    const runs = await fx.server.engine.trigger(
      fx.server.tenantId,
      [1, 2, 3, 4, 5].map((n) => ({ workflowName: 'call-api', input: { n } })),
    );
    const statuses = () => Promise.all(runs.map((id) => details(id).then((d) => d.status)));
    await eventually(async () => {
      const now = await statuses();
      return now.filter((s) => s === 'COMPLETED').length === 3 ? now : undefined;
    });
    const waiting = (await Promise.all(runs.map(details))).filter((d) => d.status === 'QUEUED');
    expect(waiting).toHaveLength(2);
    const reason = await fx.server.engine.whyWaiting(
      fx.server.tenantId,
      waiting[0]!.tasks[0]!.externalId,
    );
    expect(reason).toMatchObject({ reason: 'RATE_LIMITED', key: 'external-api', limit: 3 });
    const events = await fx.server.engine.listTaskEvents(
      fx.server.tenantId,
      waiting[0]!.tasks[0]!.externalId,
    );
    expect(events.map((e) => e.eventType)).toContain('REQUEUED_RATE_LIMIT');

    await putRateLimit('external-api', 10, 'HOUR');
    await eventually(async () => {
      const now = await statuses();
      return now.every((s) => s === 'COMPLETED') ? now : undefined;
    });
  });

  it('creates a per-user limit on first use and spends it per user', async () => {
    await startWorker(fx.server.address, fx.server.token);
    const runs = await fx.server.engine.trigger(
      fx.server.tenantId,
      ['ann', 'ann', 'ann', 'bob'].map((user) => ({
        workflowName: 'notify-user',
        input: { user },
      })),
    );
    await eventually(async () => {
      const all = await Promise.all(runs.map(details));
      return all.filter((d) => d.status === 'COMPLETED').length === 3 ? all : undefined;
    });
    const final = await Promise.all(runs.map(details));
    expect(final.map((d) => d.status)).toEqual(['COMPLETED', 'COMPLETED', 'QUEUED', 'COMPLETED']);
    const limits = await putRateLimit('ann', 2, 'MINUTE');
    expect(limits).toEqual([expect.objectContaining({ key: 'ann', limitValue: 2 })]);
  });
});

function details(runId: string): Promise<RunDetails> {
  return fx.server.engine.getRunDetails(fx.server.tenantId, runId);
}
