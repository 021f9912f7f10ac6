import { useId } from 'react';
import { DURABLE_LOG_LIMIT, useDurableEventLog } from '../api/get-durable-event-log';
import { pollIntervalFor } from '../api/get-run-details';
import { DurableLogNode } from './durable-log-node';
import type { Eviction } from '../utils/eviction';
import { EvictionNotice } from './eviction-notice';

/**
 * A durable task's event log in the task panel, as a timeline in call order: its sleeps,
 * waits for events, memos and spawned runs, each with what met it. Asked again on the
 * panel's clock (every second while the task is live). Shown only when the log has nodes;
 * an evicted task's log opens with what brings it back.
 */
export function DurableEventLog({
  tenantId,
  taskId,
  status,
  eviction,
}: {
  tenantId: string;
  taskId: string;
  /** The task's status, which sets how often the log is asked again. */
  status: string;
  /** The task's eviction, when it is evicted now. */
  eviction?: Eviction | undefined;
}) {
  const headingId = useId();
  const log = useDurableEventLog(tenantId, taskId, { refetchInterval: pollIntervalFor(status) });
  // Most tasks are not durable and have an empty log: neither it nor a request for it that
  // failed is worth a block on their panel. A log already shown stays through a failed refresh.
  const nodes = log.data ?? [];
  if (nodes.length === 0) return null;
  return (
    <section className="grid grid-cols-[minmax(0,1fr)] gap-3" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold">
        Durable event log
      </h3>
      {eviction ? <EvictionNotice nodes={nodes} reason={eviction.reason} /> : null}
      <ol aria-label="Durable event log, in call order" className="grid">
        {nodes.map((node) => (
          <DurableLogNode key={`${node.branchId}:${node.nodeId}`} tenantId={tenantId} node={node} />
        ))}
      </ol>
      {nodes.length === DURABLE_LOG_LIMIT ? (
        <p className="text-xs text-muted-foreground">
          Showing the first {DURABLE_LOG_LIMIT} nodes.
        </p>
      ) : null}
    </section>
  );
}
