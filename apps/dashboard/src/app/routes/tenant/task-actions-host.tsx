import type { ReactNode } from 'react';
import { CompareAttemptsButton } from '@/features/attempt-diff/components/compare-attempts-button';
import { TaskActionsProvider } from '@/features/runs/components/task-actions-slot';
import type { TaskActionsRenderer } from '@/features/runs/components/task-actions-slot';
import { taskEventStyle } from '@/features/runs/utils/task-events';

const eventTitle = (eventType: string) => taskEventStyle(eventType).title;

const renderTaskActions: TaskActionsRenderer = ({ tenantId, task, events }) => (
  <CompareAttemptsButton tenantId={tenantId} task={task} events={events} eventTitle={eventTitle} />
);

/** What other features add to every task's header, wherever a task is shown. */
export function TaskActionsHost({ children }: { children: ReactNode }) {
  return <TaskActionsProvider value={renderTaskActions}>{children}</TaskActionsProvider>;
}
