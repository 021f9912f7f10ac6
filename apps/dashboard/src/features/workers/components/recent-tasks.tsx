import { Link } from 'react-router';
import { Section } from '@/components/layout/section';
import { Card } from '@/components/ui/card';
import { RelativeTime } from '@/components/ui/relative-time';
import { StatusBadge } from '@/components/ui/status-badge';
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { tenantHref } from '@/config/paths';
import { stepRunStatusStyle } from '@/lib/status';
import type { Worker } from '@/types/api';

type RecentTask = NonNullable<Worker['recentStepRuns']>[number];

const COLUMNS = 5;

/** The worker's latest tasks, newest first, each linking to its run. */
export function RecentTasks({ tenantId, tasks }: { tenantId: string; tasks: RecentTask[] }) {
  return (
    <Section title="Recent tasks" description="The latest tasks sent to this worker.">
      <Card className="overflow-hidden">
        <Table aria-label="Recent tasks">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Action</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="hidden sm:table-cell">Started</TableHead>
              <TableHead className="hidden sm:table-cell">Finished</TableHead>
              <TableHead className="w-px">Run</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tasks.length === 0 ? (
              <TableEmptyRow
                columns={COLUMNS}
                title="No tasks yet"
                description="Tasks this worker runs show up here."
              />
            ) : (
              tasks.map((task) => {
                const status = stepRunStatusStyle(task.status);
                const ended = task.finishedAt ?? task.cancelledAt;
                return (
                  <TableRow key={task.metadata.id}>
                    <TableCell className="font-mono text-[13px]">
                      <span className="block max-w-40 truncate sm:max-w-xs" title={task.actionId}>
                        {task.actionId}
                      </span>
                    </TableCell>
                    <TableCell>
                      <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                      <RelativeTime value={task.startedAt} />
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                      <RelativeTime value={ended} />
                    </TableCell>
                    <TableCell>
                      <Link
                        to={tenantHref(tenantId, 'runs/:run', { run: task.workflowRunId })}
                        className="rounded-sm text-[13px] whitespace-nowrap text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                        aria-label={`Run of ${task.actionId}`}
                      >
                        View run
                      </Link>
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </Card>
    </Section>
  );
}
