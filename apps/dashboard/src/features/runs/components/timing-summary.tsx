import { RelativeTime } from '@/components/ui/relative-time';
import { formatDuration } from '@/lib/format';
import type { V1TaskStatus } from '@/types/api';
import { useNow } from '@/hooks/use-now';
import { runDurationMs } from '../utils/run-duration';

const FINISHED_WORD: Partial<Record<V1TaskStatus, string>> = {
  COMPLETED: 'Succeeded',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};

/** "Created … | Started … | Succeeded … | Run took 4.2s", live while it runs. */
export function TimingSummary({
  status,
  createdAt,
  startedAt,
  finishedAt,
  duration,
}: {
  status: V1TaskStatus;
  createdAt?: string | undefined;
  startedAt?: string | undefined;
  finishedAt?: string | undefined;
  duration?: number | undefined;
}) {
  const now = useNow(status === 'RUNNING');
  const took = runDurationMs({ status, startedAt, finishedAt, duration }, now);
  const finishedWord = FINISHED_WORD[status];
  const parts = [
    createdAt ? (
      <span key="created">
        Created <RelativeTime value={createdAt} />
      </span>
    ) : null,
    startedAt ? (
      <span key="started">
        Started <RelativeTime value={startedAt} />
      </span>
    ) : (
      <span key="started">{status === 'QUEUED' ? 'Waiting to start' : 'Not started'}</span>
    ),
    finishedWord && finishedAt ? (
      <span key="finished">
        {finishedWord} <RelativeTime value={finishedAt} />
      </span>
    ) : null,
    took !== undefined ? (
      <span key="took">
        {status === 'RUNNING' ? 'Running for' : 'Run took'} {formatDuration(took)}
      </span>
    ) : null,
  ].filter(Boolean);
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-[13px] text-muted-foreground">
      {parts.map((part, index) => (
        <span key={index} className="inline-flex items-center gap-2">
          {index > 0 ? <span aria-hidden="true">|</span> : null}
          {part}
        </span>
      ))}
    </p>
  );
}
