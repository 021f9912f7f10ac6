import { StatusBadge } from '@/components/ui/status-badge';
import { runStatusStyle } from '@/lib/status';
import type { V1EventWorkflowRunSummary } from '@/types/api';
import { runCounts } from '../utils/run-counts';

/** "2 Failed", "5 Succeeded": the runs an event triggered, by status; "None" without any. */
export function EventRunCounts({ summary }: { summary: V1EventWorkflowRunSummary | undefined }) {
  const counts = runCounts(summary);
  if (counts.length === 0) return <span className="text-muted-foreground">None</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {counts.map(({ status, count }) => {
        const style = runStatusStyle(status);
        return (
          <StatusBadge key={status} tone={style.tone}>
            {count} {style.label}
          </StatusBadge>
        );
      })}
    </span>
  );
}
