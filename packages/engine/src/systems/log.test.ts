import { describe, expect, it } from 'vitest';
import { SOLO, usePhaseFixture, type PhaseFixture } from '../../test/phase-fixture';

let fx: PhaseFixture;

usePhaseFixture([SOLO], (created) => {
  fx = created;
});

describe('log phase', () => {
  it('appends the lines of an attempt with their own times', async () => {
    const { tasks } = await fx.trigger('solo');
    const taskId = tasks.get('solo')!;
    const line = (message: string, ms: number) =>
      fx.systems.log.request({
        tenantId: fx.tenantId,
        taskId,
        retryCount: 0,
        createdAt: new Date(fx.now + ms),
        level: 'info',
        message,
        metadata: { n: ms },
      });
    const written = [line('first', 1), line('second', 2)];
    await fx.apply(fx.systems.log);
    await Promise.all(written);
    expect(
      await fx.rows(`SELECT message, level, metadata, created_at FROM task_logs ORDER BY id`),
    ).toEqual([
      { message: 'first', level: 'info', metadata: { n: 1 }, created_at: new Date(fx.now + 1) },
      { message: 'second', level: 'info', metadata: { n: 2 }, created_at: new Date(fx.now + 2) },
    ]);
  });
});
