import { Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { HoverCard } from '@/components/ui/hover-card';
import { RelativeTime } from '@/components/ui/relative-time';
import { Spinner } from '@/components/ui/spinner';
import { Timestamp } from '@/components/ui/timestamp';
import { tenantHref } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useTaskWaiting } from '../api/get-task-waiting';
import type { WaitingDetail } from '../utils/task-waiting';
import { waitingDetails, waitingReasonLabel } from '../utils/task-waiting';

const TITLE = 'Why is this task waiting?';

/**
 * A queued task's reason in the task panel, asked again every two seconds while it waits
 * (a key frees up, a worker connects): the heading, the reason and its details.
 */
export function TaskWaitingBlock({ tenantId, taskId }: { tenantId: string; taskId: string }) {
  return (
    <section
      aria-label={TITLE}
      className="grid gap-2 rounded-lg border border-slate-500/40 bg-slate-500/10 p-3"
    >
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Hourglass
          className="size-4 shrink-0 text-slate-600 dark:text-slate-300"
          aria-hidden="true"
        />
        {TITLE}
      </h3>
      <WaitingReason tenantId={tenantId} taskId={taskId} poll />
    </section>
  );
}

/**
 * A queued row's status badge on the runs list; resting on it shows why the task waits,
 * fetched then and not before (a page of rows would otherwise ask once per row).
 */
export function TaskWaitingHoverCard({
  tenantId,
  taskId,
  taskName,
  children,
}: {
  tenantId: string;
  taskId: string;
  /** Named in the card when the row is a DAG run and the answer is for one of its tasks. */
  taskName?: string | undefined;
  /** The status badge. */
  children: ReactNode;
}) {
  return (
    // Wide enough for a holding run's id on one line.
    <HoverCard label="Queued: why is this task waiting?" trigger={children} className="w-[25rem]">
      <div className="grid gap-2">
        <p className="flex items-center gap-2 font-semibold">
          <Hourglass className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {TITLE}
        </p>
        {taskName ? (
          <p className="text-xs text-muted-foreground">
            Task <span className="font-mono text-foreground">{taskName}</span>
          </p>
        ) : null}
        <WaitingReason tenantId={tenantId} taskId={taskId} />
      </div>
    </HoverCard>
  );
}

/** The scheduler's answer: the reason's name, its sentence, and what it names. */
function WaitingReason({
  tenantId,
  taskId,
  poll = false,
}: {
  tenantId: string;
  taskId: string;
  poll?: boolean;
}) {
  const waiting = useTaskWaiting(taskId, { poll });
  if (waiting.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        Asking the scheduler…
      </p>
    );
  }
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
