import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import type { TaskAction } from '../api/cancel-replay-tasks';
import { useMatchingCount } from '../api/list-runs';
import type { RunListQuery } from '../api/list-runs';
import RunsFilterPanel from './runs-filter-panel';
import type { RunsFilterPanelProps } from './runs-filter-panel';

/** Names listed when acting on a selection; the rest are counted. */
const NAMES_SHOWN = 10;
/** The server caps counts (and a bulk action by filter) at this many. */
const COUNT_CAP = 10_000;

const numberFormat = new Intl.NumberFormat('en');

export type BulkScope =
  | { kind: 'selection'; runs: { id: string; name: string }[] }
  | { kind: 'filter'; query: RunListQuery; panel: RunsFilterPanelProps };

/**
 * "Cancel runs" / "Replay runs": before acting, says exactly what will be touched: the
 * selected runs by name, or how many runs (and tasks) match the filters, which stay
 * editable here.
 */
export default function BulkActionDialog({
  tenantId,
  action,
  scope,
  pending,
  onConfirm,
  onClose,
}: {
  tenantId: string;
  action: TaskAction;
  scope: BulkScope;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const byFilter = scope.kind === 'filter';
  const runQuery = byFilter ? { ...scope.query, only_tasks: false } : undefined;
  const taskQuery = byFilter ? { ...scope.query, only_tasks: true } : undefined;
  const runs = useMatchingCount(tenantId, runQuery ?? ({} as RunListQuery), byFilter);
  const tasks = useMatchingCount(tenantId, taskQuery ?? ({} as RunListQuery), byFilter);
  const title = action === 'replay' ? 'Replay runs' : 'Cancel runs';
  const verb = action === 'replay' ? 'replay' : 'cancel';
  const count = (value: number) =>
    value >= COUNT_CAP ? `${numberFormat.format(COUNT_CAP)}+` : numberFormat.format(value);
  const nothing = byFilter ? runs.data === 0 : scope.runs.length === 0;

  return (
    <Dialog open onOpenChange={(next) => (!next && !pending ? onClose() : undefined)}>
      <DialogContent className="max-w-xl">
        <DialogHeader
          title={title}
          description={
            byFilter
              ? `This will ${verb} every run that matches the filters below, not only the rows on this page.`
              : `This will ${verb} the ${scope.runs.length} selected ${scope.runs.length === 1 ? 'run' : 'runs'}:`
          }
        />
        {byFilter ? (
          <div className="grid gap-4">
            <p
              role="status"
              data-testid="bulk-count"
              className="rounded-lg border border-border bg-muted/40 px-3 py-2 text-sm"
            >
              {runs.isPending || tasks.isPending ? (
                <Skeleton className="h-4 w-48" />
              ) : runs.isError || tasks.isError ? (
                'Could not count the matching runs.'
              ) : (
                <>
                  <strong className="font-semibold">{count(runs.data ?? 0)}</strong>{' '}
                  {runs.data === 1 ? 'run matches' : 'runs match'} ({count(tasks.data ?? 0)}{' '}
                  {tasks.data === 1 ? 'task' : 'tasks'}).
                  {(tasks.data ?? 0) >= COUNT_CAP
                    ? ` One request acts on at most ${numberFormat.format(COUNT_CAP)} tasks.`
                    : null}
                </>
              )}
            </p>
            <RunsFilterPanel {...scope.panel} />
          </div>
        ) : (
          <ul className="grid list-disc gap-0.5 pl-5 text-sm">
            {scope.runs.slice(0, NAMES_SHOWN).map((run) => (
              <li key={run.id} className="truncate">
                {run.name}
              </li>
            ))}
            {scope.runs.length > NAMES_SHOWN ? (
              <li className="text-muted-foreground">{scope.runs.length - NAMES_SHOWN} more</li>
            ) : null}
          </ul>
        )}
        <DialogFooter>
          <Button variant="ghost" onClick={onClose} disabled={pending}>
            Close
          </Button>
          <Button
            variant={action === 'cancel' ? 'destructive' : 'primary'}
            onClick={onConfirm}
            loading={pending}
            disabled={nothing || (byFilter && runs.isPending)}
          >
            Confirm
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
