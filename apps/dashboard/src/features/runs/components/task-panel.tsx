import { Sheet } from '@/components/ui/sheet';
import { LoadingArea } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { useRunDetails } from '../api/get-run-details';
import { useOpenTask } from '../hooks/use-run-filters';
import { TaskDetail } from './task-detail';

/**
 * The task side panel: one task of a run over the current page, kept fresh with its run
 * (every second while the run is live). Deep-linked by the `task` and `taskRun` parameters.
 */
export default function TaskPanel({
  tenantId,
  runId,
  taskId,
  onClose,
}: {
  tenantId: string;
  runId: string;
  taskId: string;
  onClose: () => void;
}) {
  const details = useRunDetails(runId);
  const openTask = useOpenTask();
  const task = details.data?.tasks.find((candidate) => candidate.metadata.id === taskId);
  const events = (details.data?.taskEvents ?? []).filter((event) => event.taskId === taskId);
  const step = details.data?.shape.find((item) => item.taskExternalId === taskId);
  return (
    <Sheet
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={task ? `Task ${task.displayName}` : 'Task'}
    >
      <div className="p-4 sm:p-6">
        {details.isPending ? (
          <LoadingArea label="Loading task" />
        ) : details.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the task: {errorMessage(details.error)}
          </p>
        ) : !task ? (
          <p className="text-sm text-muted-foreground">This run has no task with that ID.</p>
        ) : (
          <TaskDetail
            tenantId={tenantId}
            runId={runId}
            task={task}
            events={events}
            step={step}
            inPanel
            onOpenTask={(next) =>
              openTask.open({ taskId: next.metadata.id, runId: next.workflowRunExternalId })
            }
          />
        )}
      </div>
    </Sheet>
  );
}
