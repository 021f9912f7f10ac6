import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { RelativeTime } from '@/components/ui/relative-time';
import { Timestamp } from '@/components/ui/timestamp';
import { tenantHref } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useTaskWaiting } from '../api/get-task-waiting';
import type { WaitingDetail } from '../utils/task-waiting';
import { waitingDetails, waitingReasonLabel } from '../utils/task-waiting';
import { AskingScheduler } from './task-waiting';

/** The scheduler's answer: the reason's name, its sentence, and what it names. */
export default function WaitingReason({
  tenantId,
  taskId,
  poll = false,
}: {
  tenantId: string;
  taskId: string;
  poll?: boolean;
}) {
  const waiting = useTaskWaiting(taskId, { poll });
  if (waiting.isPending) return <AskingScheduler />;
  if (waiting.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not ask the scheduler: {errorMessage(waiting.error)}
      </p>
    );
  }
  const { data } = waiting;
  const details = waitingDetails(data);
  return (
    <div className="grid gap-2" data-waiting-reason={data.reason}>
      <Badge variant="outline" className="justify-self-start">
        {waitingReasonLabel(data.reason)}
      </Badge>
      <p className="text-sm break-words text-foreground">{data.message}</p>
      {details.length > 0 ? (
        <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-[13px]">
          {details.map((detail) => (
            <DetailRow key={detail.label} tenantId={tenantId} detail={detail} />
          ))}
        </dl>
      ) : null}
    </div>
  );
}

function DetailRow({ tenantId, detail }: { tenantId: string; detail: WaitingDetail }) {
  return (
    <>
      <dt className="text-muted-foreground">{detail.label}</dt>
      <dd className="min-w-0">
        {detail.kind === 'runs' ? (
          <ul className="grid gap-1">
            {detail.runIds.map((runId) => (
              <li key={runId} className="min-w-0">
                <Link
                  to={tenantHref(tenantId, 'runs/:run', { run: runId })}
                  title={`Open run ${runId}`}
                  className="block truncate rounded-sm font-mono text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {runId}
                </Link>
              </li>
            ))}
          </ul>
        ) : detail.kind === 'time' ? (
          <>
            <Timestamp value={detail.value} />{' '}
            <span className="text-muted-foreground">
              (<RelativeTime value={detail.value} />)
            </span>
          </>
        ) : (
          <span className={cn('break-words', detail.code && 'font-mono break-all')}>
            {detail.value}
          </span>
        )}
      </dd>
    </>
  );
}
