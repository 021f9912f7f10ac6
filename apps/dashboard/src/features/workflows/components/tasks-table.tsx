import type { VisibilityState } from '@tanstack/react-table';
import { Card } from '@/components/ui/card';
import { DataTable, columnChoices } from '@/components/ui/data-table';
import type { DataColumn } from '@/components/ui/data-table';
import type { TaskInfo } from '../utils/task-info';
import { slotRequestText } from '../utils/task-info';

/** The list name its hidden columns are kept under. */
export const TASKS_LIST = 'workflow-tasks';

const COLUMNS: DataColumn<TaskInfo>[] = [
  {
    id: 'task',
    enableHiding: false,
    header: 'Task',
    meta: { cellClassName: 'font-medium' },
    cell: ({ row }) => row.original.name,
  },
  {
    id: 'action',
    header: 'Action',
    meta: {
      className: 'hidden md:table-cell',
      cellClassName: 'font-mono text-xs text-muted-foreground',
    },
    cell: ({ row }) => row.original.action,
  },
  {
    id: 'runsAfter',
    header: 'Runs after',
    meta: { cellClassName: 'text-muted-foreground' },
    cell: ({ row: { original: task } }) =>
      task.parents.length > 0 ? task.parents.join(', ') : 'Starts the run',
  },
  {
    id: 'timeout',
    header: 'Timeout',
    meta: { className: 'hidden sm:table-cell', cellClassName: 'text-muted-foreground' },
    cell: ({ row }) => row.original.timeout ?? 'N/A',
  },
  {
    id: 'retries',
    header: 'Retries',
    meta: { className: 'hidden sm:table-cell', cellClassName: 'text-muted-foreground' },
    cell: ({ row }) => row.original.retries ?? 'N/A',
  },
  {
    id: 'slots',
    header: 'Slots',
    meta: { className: 'hidden lg:table-cell', cellClassName: 'text-muted-foreground' },
    cell: ({ row: { original: task } }) => (
      <>
        {task.slotRequests.map(slotRequestText).join(', ') || 'N/A'}
        {task.isDurable ? ' (durable)' : ''}
      </>
    ),
  },
];

/** The Columns menu's entries of the task list. */
export const TASK_COLUMN_CHOICES = columnChoices(COLUMNS);

/** The same tasks as the graph, as a table: readable on phones and by screen readers. */
export function TasksTable({
  tasks,
  columnVisibility,
}: {
  tasks: TaskInfo[];
  /** The columns the user hid (ids of `TASK_COLUMN_CHOICES`). */
  columnVisibility?: VisibilityState;
}) {
  return (
    <Card className="overflow-hidden">
      <DataTable
        label="Task list"
        rows={tasks}
        columns={COLUMNS}
        getRowId={(task) => task.id}
        columnVisibility={columnVisibility}
        isPending={false}
        empty={{ title: 'This version has no tasks.' }}
      />
    </Card>
  );
}
