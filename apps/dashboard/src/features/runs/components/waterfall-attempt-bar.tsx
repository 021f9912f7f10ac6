import { Tooltip } from '@/components/ui/tooltip';
import { formatDuration } from '@/lib/format';
import { cn } from '@/lib/cn';
import { runStatusStyle } from '@/lib/status';
import type { V1TaskStatus } from '@/types/api';
import { splitError } from '../utils/task-events';
import type { AttemptBar } from '../utils/waterfall';

/** Bar colours of the running part, per status (reference 4.1). */
const RUN_COLOURS: Record<V1TaskStatus, string> = {
  COMPLETED: '#10b981',
  FAILED: '#ef4444',
  CANCELLED: '#f97316',
  RUNNING: '#f59e0b',
  QUEUED: '#6b7280',
};

/**
 * One attempt of a task on its waterfall row: its queue time, then its running time coloured
 * by how it ended. An earlier attempt that failed is tinted red from the moment it was queued,
 * so a retried task that succeeded still shows what went wrong; its tooltip says why.
 */
export function WaterfallAttemptBar({
  taskName,
  bar,
  attempts,
  percent,
  onClick,
}: {
  taskName: string;
  bar: AttemptBar;
  /** How many attempts the row draws: a lone attempt is described without its number. */
  attempts: number;
  percent: (ms: number) => string;
  onClick: () => void;
}) {
  const { attempt } = bar;
  const status = runStatusStyle(attempt.status);
  const failedEarlier = bar.superseded && attempt.status === 'FAILED';
  const queueText = formatDuration(bar.queueMs);
  const runText = bar.started ? formatDuration(bar.runMs) : 'not started';
  const error = attempt.errorMessage ? splitError(attempt.errorMessage).message : undefined;
  const label =
    attempts > 1
      ? `${taskName}, attempt ${attempt.attempt} ${status.label.toLowerCase()}: queued ${queueText}, running ${runText}`
      : `${taskName}: queued ${queueText}, running ${runText}`;

  return (
    <Tooltip
      className="grid max-w-sm gap-0.5 py-1.5"
      content={
        <>
          <span className="font-medium">
            {attempts > 1 ? `Attempt ${attempt.attempt} · ${status.label}` : taskName}
          </span>
          <span>Queue time: {queueText}</span>
          <span>
            Running time:{' '}
            <span className="font-medium" style={{ color: RUN_COLOURS[attempt.status] }}>
              {runText}
            </span>
          </span>
          {error ? <span className="line-clamp-3 break-words">Error: {error}</span> : null}
        </>
      }
    >
      <button
        type="button"
        onClick={onClick}
        aria-label={label}
        data-attempt={attempt.attempt}
        data-status={attempt.status}
        className="absolute top-1/2 flex h-3.5 -translate-y-1/2 overflow-hidden rounded-sm focus-visible:outline-2 focus-visible:outline-ring"
        style={{
          // A bar drawn wider than its time still ends inside the axis.
          left: `min(${percent(bar.offsetMs)}, 100% - 3px)`,
          // A gap before the next attempt, where one attempt ends as the next is queued.
          width: `max(3px, ${percent(bar.queueMs + bar.runMs)}${bar.superseded ? ' - 2px' : ''})`,
        }}
      >
        <span
          className={cn('h-full', failedEarlier ? 'bg-red-500/30' : 'bg-zinc-400/30')}
          style={{ flexGrow: bar.queueMs }}
        />
        {/* A run of a few ms still shows how the attempt ended. */}
        <span
          className={cn('h-full opacity-90', bar.started && 'min-w-0.5')}
          style={{ flexGrow: bar.runMs, backgroundColor: RUN_COLOURS[attempt.status] }}
        />
      </button>
    </Tooltip>
  );
}
