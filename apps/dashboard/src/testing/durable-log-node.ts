/**
 * A node of a durable task's event log for tests: an open wait of invocation 1 unless `extra`
 * says otherwise.
 */
import type { V1DurableEventLogEntry } from '@/types/api';

export function durableLogNode(
  extra: Partial<V1DurableEventLogEntry> = {},
): V1DurableEventLogEntry {
  return {
    nodeId: 1,
    branchId: 1,
    kind: 'WAIT_FOR',
    isSatisfied: false,
    insertedAt: '2026-05-01T10:00:00.000Z',
    taskExternalId: 't1',
    taskDisplayName: 'reminder',
    invocationCount: 1,
    lastInvocationCount: 1,
    ...extra,
  };
}
