import { Callout } from '@/components/ui/callout';
import { RelativeTime } from '@/components/ui/relative-time';
import { Timestamp } from '@/components/ui/timestamp';
import type { V1DurableEventLogEntry } from '@/types/api';
import { comeBackText } from '../utils/durable-eviction';

/**
 * Atop an evicted task's event log: that no worker holds it, what brings it back and when
 * (in the user's time zone), and why its worker let it go.
 */
export function EvictionNotice({
  nodes,
  reason,
}: {
  nodes: readonly V1DurableEventLogEntry[];
  /** Why its worker let it go ('' when unknown). */
  reason: string;
}) {
  return (
    <Callout variant="info" title="Evicted while it waits: no worker holds it.">
      <p>
        {comeBackText(nodes).map((part, index) =>
          typeof part === 'string' ? (
            part
          ) : (
            <span key={index}>
              <Timestamp value={part.time} /> (<RelativeTime value={part.time} />)
            </span>
          ),
        )}
      </p>
      {reason ? <p>Reason: {reason}</p> : null}
    </Callout>
  );
}
