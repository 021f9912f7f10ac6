import { ChartBar } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { RelativeTime } from '@/components/ui/relative-time';
import { LoadingArea } from '@/components/ui/spinner';
import { concurrencyStrategyLabel } from '@/lib/concurrency';
import { errorMessage } from '@/lib/api-error';
import { useStepRunQueueMetrics } from '../api/get-step-run-queue-metrics';
import { useTaskStats } from '../api/get-task-stats';
import { queueCounts, taskCounts } from '../utils/queue-metrics';
import type { BarSeries } from './horizontal-bars';
import { HorizontalBars } from './horizontal-bars';

const QUEUED: BarSeries = { name: 'Queued', fill: 'fill-slate-500', swatch: 'bg-slate-500' };
const RUNNING: BarSeries = { name: 'Running', fill: 'fill-yellow-500', swatch: 'bg-yellow-500' };

/**
 * "Queue Metrics" (reference 5.1, drawn rather than dumped as JSON): the tasks waiting in
 * each queue, and per task name the queued and running tasks of each concurrency key, asked
 * again every five seconds while it is open.
 */
export default function QueueMetricsDialog({
  tenantId,
  onClose,
}: {
  tenantId: string;
  onClose: () => void;
}) {
  const queues = useStepRunQueueMetrics(tenantId);
  const stats = useTaskStats(tenantId);
  const queued = queueCounts(queues.data);
  const tasks = taskCounts(stats.data);
  const limited = tasks.filter((task) => task.concurrency.length > 0);

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader
          title="Queue Metrics"
          description="What waits for a worker and what runs, as the scheduler holds it now. Refreshed every 5 seconds."
        />
        {queues.isPending || stats.isPending ? (
          <LoadingArea label="Loading queue metrics" className="min-h-32" />
        ) : queued.length === 0 && tasks.length === 0 && !queues.isError && !stats.isError ? (
          <EmptyState
            icon={<ChartBar />}
            title="Nothing is queued"
            description="No task waits for a worker and none is running."
            className="py-10"
          />
        ) : (
          <div className="grid gap-6 border-t border-border pt-4">
            <MetricsSection title="Queued tasks per queue" error={queues.error}>
              {queued.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nothing is queued.</p>
              ) : (
                <HorizontalBars
                  label="Queued tasks per queue"
                  series={[QUEUED]}
                  rows={queued.map((entry) => ({ label: entry.queue, values: [entry.queued] }))}
                />
              )}
            </MetricsSection>
            <MetricsSection title="Queued and running per task" error={stats.error}>
              {tasks.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nothing is queued or running.</p>
              ) : (
                <HorizontalBars
                  label="Queued and running per task"
                  series={[RUNNING, QUEUED]}
                  rows={tasks.map((task) => ({
                    label: task.taskName,
                    values: [task.running, task.queued],
                    note: task.oldestQueued ? (
                      <>
                        Oldest queued <RelativeTime value={task.oldestQueued} />
                      </>
                    ) : undefined,
                  }))}
                />
              )}
            </MetricsSection>
            {limited.flatMap((task) =>
              task.concurrency.map((limit) => (
                <MetricsSection
                  key={`${task.taskName} ${limit.expression} ${limit.strategy ?? ''}`}
                  title={
                    <>
                      <span className="font-mono">{task.taskName}</span> per concurrency key
                    </>
                  }
                  description={
                    <>
                      Key <code className="font-mono text-foreground">{limit.expression}</code>
                      {limit.strategy ? `, ${concurrencyStrategyLabel(limit.strategy)}` : ''}
                    </>
                  }
                >
                  <HorizontalBars
                    label={`${task.taskName} per key of ${limit.expression}`}
                    series={[RUNNING, QUEUED]}
                    rows={limit.keys.map((key) => ({
                      label: key.key,
                      values: [key.running, key.queued],
                    }))}
                  />
                </MetricsSection>
              )),
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function MetricsSection({
  title,
  description,
  error,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** The section's data could not be loaded: said instead of its chart. */
  error?: unknown;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-2">
      <div>
        <h3 className="text-sm font-semibold">{title}</h3>
        {description ? <p className="text-xs text-muted-foreground">{description}</p> : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load: {errorMessage(error)}
        </p>
      ) : (
        children
      )}
    </section>
  );
}
