import { describe, expect, it } from 'vitest';
import { SOLO, usePhaseFixture, type PhaseFixture } from '../../test/phase-fixture';

let fx: PhaseFixture;

usePhaseFixture([SOLO], (created) => {
  fx = created;
});

describe('stream event phase', () => {
  it('stores the bytes in order and hands them to the run’s subscribers with their ids', async () => {
    const { runId, tasks } = await fx.trigger('solo');
    const taskId = tasks.get('solo')!;
    const chunk = (text: string, eventIndex: number) =>
      fx.systems.streamEvent.request({
        tenantId: fx.tenantId,
        taskId,
        runId,
        retryCount: 0,
        taskExternalId: 'external',
        createdAt: new Date(fx.now),
        message: new TextEncoder().encode(text),
        eventIndex,
        metadata: null,
      });
    const stored = [chunk('one', 0), chunk('two', 1), chunk('three', 2)];
    const tick = await fx.apply(fx.systems.streamEvent);
    await Promise.all(stored);
    const rows = await fx.rows<{ id: string; message: Uint8Array }>(
      `SELECT id, message FROM task_stream_events ORDER BY id`,
    );
    expect(rows.map((r) => new TextDecoder().decode(r.message))).toEqual(['one', 'two', 'three']);
    expect(tick.outcome.streamEvents.map((e) => e.id)).toEqual(rows.map((r) => r.id));
    expect(tick.outcome.streamEvents.map((e) => e.event.eventIndex)).toEqual([0, 1, 2]);
  });
});
