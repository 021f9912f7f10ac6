import { describe, expect, it } from 'vitest';
import { usePhaseFixture, type PhaseFixture } from '../../test/phase-fixture';

let fx: PhaseFixture;

usePhaseFixture([], (created) => {
  fx = created;
});

describe('pushed event phase', () => {
  it('stores events with their ids, defaults filled in', async () => {
    const pushed = fx.systems.pushedEvent.request(fx.tenantId, [
      { key: 'user:created', payload: { id: 1 }, additionalMetadata: { src: 'test' }, priority: 2 },
      { key: 'user:deleted', payload: { id: 2 } },
    ]);
    await fx.buffered(fx.systems.pushedEvent);
    await fx.apply(fx.systems.pushedEvent);
    const ids = await pushed;
    expect(
      await fx.rows(
        `SELECT id, key, payload, additional_metadata, scope, priority, event_timestamp
           FROM events ORDER BY key`,
      ),
    ).toEqual([
      {
        id: ids[0],
        key: 'user:created',
        payload: { id: 1 },
        additional_metadata: { src: 'test' },
        scope: null,
        priority: 2,
        event_timestamp: new Date(fx.now),
      },
      {
        id: ids[1],
        key: 'user:deleted',
        payload: { id: 2 },
        additional_metadata: {},
        scope: null,
        priority: null,
        event_timestamp: new Date(fx.now),
      },
    ]);
  });
});
