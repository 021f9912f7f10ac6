import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { errorMessage } from '@/lib/api-error';
import { LIVE_POLL_MS } from '../api/get-run-details';
import { useTaskTimings } from '../api/get-task-timings';
import { timingRows } from '../utils/waterfall';
import type { TimingRow } from '../utils/waterfall';
import { RunWaterfall } from './run-waterfall';

/** Child runs shown at first: two levels, as the reference starts. */
const INITIAL_DEPTH = 2;
/** The server's limit on `depth`. */
const MAX_DEPTH = 10;

/**
 * The Waterfall tab: task timings of the run and its child runs, refreshed every second
 * while the run is live (else with the global interval), one level deeper on request.
 */
export function RunTimings({
  runId,
  live,
  selectedTaskId,
  onOpenTask,
}: {
  runId: string;
  live: boolean;
  selectedTaskId?: string | undefined;
  onOpenTask: (row: TimingRow) => void;
}) {
  const [depth, setDepth] = useState(INITIAL_DEPTH);
  const { refetchInterval } = useRefetchInterval();
  const timings = useTaskTimings(runId, depth, {
    refetchInterval: live ? LIVE_POLL_MS : refetchInterval,
  });
  if (timings.isPending) return <Skeleton className="h-[100px] w-full rounded-lg" />;
  if (timings.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load the timings: {errorMessage(timings.error)}
      </p>
    );
  }
  const rows = timingRows(timings.data.rows);
  const deeper = depth < MAX_DEPTH && rows.some((row) => row.depth === depth);
  return (
    <div className="grid gap-3">
      <RunWaterfall rows={rows} selectedTaskId={selectedTaskId} onOpenTask={onOpenTask} />
      {deeper ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          loading={timings.isFetching}
          onClick={() => setDepth(depth + 1)}
        >
          Show child runs one level deeper
        </Button>
      ) : null}
    </div>
  );
}
