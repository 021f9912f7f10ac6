import { ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';
import { tenantHref } from '@/config/paths';
import { useTask } from '../api/get-task';

/** "Triggered by <parent> ➶": the task that spawned this run, linking to it in its run. */
export function ParentRunLink({
  tenantId,
  parentTaskId,
}: {
  tenantId: string;
  parentTaskId: string;
}) {
  const parent = useTask(parentTaskId);
  const runId = parent.data?.workflowRunExternalId;
  const href = runId
    ? `${tenantHref(tenantId, 'runs/:run', { run: runId })}?task=${encodeURIComponent(parentTaskId)}`
    : tenantHref(tenantId, 'runs/:run', { run: parentTaskId });
  return (
    <Link
      to={href}
      className="inline-flex items-center gap-0.5 text-indigo-600 hover:underline dark:text-indigo-400"
    >
      Triggered by {parent.data?.displayName ?? 'a parent task'}
      <ArrowUpRight className="size-3" aria-hidden="true" />
    </Link>
  );
}
