import { Clock } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { V1TaskSummary } from '@/types/api';
import { useNow } from '@/hooks/use-now';
import { formatCompactDuration, runDurationMs } from '../utils/run-duration';

/**
 * Compact duration with a clock; while running it counts up and its clock pulses. Only the
 * clock: text that pulses to half opacity drops below a readable contrast half the time.
 */
export function RunDurationCell({
  run,
}: {
  run: Pick<V1TaskSummary, 'status' | 'duration' | 'startedAt' | 'finishedAt'>;
}) {
  const running = run.status === 'RUNNING';
  const now = useNow(running);
  const ms = runDurationMs(run, now);
  if (ms === undefined) return <span className="text-muted-foreground">-</span>;
  return (
    <span
      className="inline-flex items-center gap-1 font-mono text-xs whitespace-nowrap text-muted-foreground"
      title={running ? `Running for ${formatCompactDuration(ms)}` : undefined}
    >
      <Clock className={cn('size-3', running && 'animate-pulse')} aria-hidden="true" />
      <span data-duration>{formatCompactDuration(ms)}</span>
      {running ? '…' : ''}
    </span>
  );
}
