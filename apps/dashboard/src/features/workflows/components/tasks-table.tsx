import { Card } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { TaskInfo } from '../utils/task-info';
import { slotRequestText } from '../utils/task-info';

/** The same tasks as the graph, as a table: readable on phones and by screen readers. */
export function TasksTable({ tasks }: { tasks: TaskInfo[] }) {
  return (
    <Card className="overflow-hidden">
      <Table aria-label="Task list">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Task</TableHead>
            <TableHead className="hidden md:table-cell">Action</TableHead>
            <TableHead>Runs after</TableHead>
            <TableHead className="hidden sm:table-cell">Timeout</TableHead>
            <TableHead className="hidden sm:table-cell">Retries</TableHead>
            <TableHead className="hidden lg:table-cell">Slots</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {tasks.map((task) => (
            <TableRow key={task.id}>
              <TableCell className="font-medium">{task.name}</TableCell>
              <TableCell className="hidden font-mono text-xs text-muted-foreground md:table-cell">
                {task.action}
              </TableCell>
              <TableCell className="text-muted-foreground">
                {task.parents.length > 0 ? task.parents.join(', ') : 'Starts the run'}
              </TableCell>
              <TableCell className="hidden text-muted-foreground sm:table-cell">
                {task.timeout ?? 'N/A'}
              </TableCell>
              <TableCell className="hidden text-muted-foreground sm:table-cell">
                {task.retries ?? 'N/A'}
              </TableCell>
              <TableCell className="hidden text-muted-foreground lg:table-cell">
                {task.slotRequests.map(slotRequestText).join(', ') || 'N/A'}
                {task.isDurable ? ' (durable)' : ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
