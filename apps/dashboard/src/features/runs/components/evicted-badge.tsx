import { StatusBadge } from '@/components/ui/status-badge';

/** Beside a RUNNING status: the durable task's worker let it go while it waits. */
export function EvictedBadge() {
  return (
    <StatusBadge tone="amber" title="No worker holds it while it waits">
      Evicted
    </StatusBadge>
  );
}
