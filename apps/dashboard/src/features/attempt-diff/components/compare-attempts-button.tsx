import { GitCompare } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { V1TaskEvent, V1TaskSummary } from '@/types/api';

// Its own chunk, with the diff library: fetched when a user first compares.
const AttemptDiffDialog = lazy(() => import('./attempt-diff-dialog'));

/** "Compare attempts" of a task that ran more than once; opens the attempt diff. */
export function CompareAttemptsButton({
  tenantId,
  task,
  events,
  eventTitle,
}: {
  tenantId: string;
  task: V1TaskSummary;
  events: V1TaskEvent[];
  eventTitle: (eventType: V1TaskEvent['eventType']) => string;
}) {
  const [open, setOpen] = useState(false);
  const attempts = task.attempt ?? 1;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={attempts < 2}
        title={attempts < 2 ? 'The task has run once: there is nothing to compare.' : undefined}
        onClick={() => setOpen(true)}
      >
        <GitCompare aria-hidden="true" />
        Compare attempts
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <AttemptDiffDialog
            tenantId={tenantId}
            task={task}
            events={events}
            eventTitle={eventTitle}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
