import { ChartBar } from 'lucide-react';
import { cn } from '@/lib/cn';
import { TOOLBAR_BADGE_CLASSES } from './run-status-counts';

/** The outline "Queue metrics" badge after the status counts; a chart icon when narrow. */
export function QueueMetricsButton({ onOpen }: { onOpen: () => void }) {
  return (
    <button
      type="button"
      aria-label="Queue metrics"
      title="Queue metrics: what waits in each queue"
      onClick={onOpen}
      className={cn(
        TOOLBAR_BADGE_CLASSES,
        'border-border bg-transparent text-muted-foreground hover:bg-muted hover:text-foreground',
      )}
    >
      <span className="hidden @xl:inline">Queue metrics</span>
      <ChartBar className="@xl:hidden" aria-hidden="true" />
    </button>
  );
}
