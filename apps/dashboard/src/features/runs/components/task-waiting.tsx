import { Hourglass } from 'lucide-react';
import { Suspense, lazy } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { HoverCard } from '@/components/ui/hover-card';
import { Spinner } from '@/components/ui/spinner';

// The reasons' wording and details are not on the runs list's first screen: they load when
// a queued row's card (or the task panel) first shows one.
const LoadedWaitingReason = lazy(() => import('./waiting-reason'));

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

/** The reason, once its module is here; until then it reads as the question being asked. */
function WaitingReason(props: ComponentProps<typeof LoadedWaitingReason>) {
  return (
    <Suspense fallback={<AskingScheduler />}>
      <LoadedWaitingReason {...props} />
    </Suspense>
  );
}

export function AskingScheduler() {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner />
      Asking the scheduler…
    </p>
  );
}
