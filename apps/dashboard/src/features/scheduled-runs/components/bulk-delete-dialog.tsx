import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import { useBulkDeleteScheduledRuns } from '../api/bulk-delete-scheduled-runs';
import { useMatchingScheduledRunCount } from '../api/list-scheduled-runs';
import type { ScheduledRunListQuery } from '../utils/scheduled-run-filters';
import { scheduledRunScope } from '../utils/scheduled-run-filters';
import { ScheduledRunsFilterPanel } from './scheduled-runs-filters';
import type { ScheduledRunsFilterPanelProps } from './scheduled-runs-filters';

const numberFormat = new Intl.NumberFormat('en');
const runs = (count: number) =>
  `${numberFormat.format(count)} scheduled ${count === 1 ? 'run' : 'runs'}`;

export type BulkDeleteScope =
  | { kind: 'selection'; ids: string[] }
  | { kind: 'filter'; query: ScheduledRunListQuery; panel: ScheduledRunsFilterPanelProps };

/**
 * Deletes several scheduled runs at once, saying exactly which before it acts: the selected
 * ones, or how many match the filters (which stay editable here), e.g. "Delete 12 scheduled
 * runs matching this filter". Those the server could not delete are reported.
 */
export default function BulkDeleteDialog({
  tenantId,
  scope,
  onClose,
  onDeleted,
}: {
  tenantId: string;
  scope: BulkDeleteScope;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const byFilter = scope.kind === 'filter';
  const count = useMatchingScheduledRunCount(
    tenantId,
    byFilter ? scope.query : ({} as ScheduledRunListQuery),
    byFilter,
  );
  const remove = useBulkDeleteScheduledRuns(tenantId);
  const total = byFilter ? count.data : scope.ids.length;
  const title = byFilter ? 'Delete matching scheduled runs' : 'Delete selected scheduled runs';

  const confirm = () =>
    remove.mutate(
      byFilter
        ? { filter: scheduledRunScope(scope.panel.filters) }
        : { scheduledWorkflowRunIds: scope.ids },
      {
        onSuccess: ({ deletedIds, errors }) => {
          toast({
            title: `Deleted ${runs(deletedIds.length)}`,
            description:
              errors.length > 0
                ? `${runs(errors.length)} could not be deleted: ${errors[0]?.error ?? ''}`
                : undefined,
            variant: errors.length > 0 ? 'destructive' : 'success',
          });
          onDeleted();
        },
        onError: (error) => reportApiError(error, { title: 'Could not delete scheduled runs' }),
      },
    );

  return (
    <Dialog open onOpenChange={(next) => (!next && !remove.isPending ? onClose() : undefined)}>
      <DialogContent className="max-w-xl">
        <DialogHeader
          title={title}
          description={
            byFilter
              ? 'Every scheduled run that matches the filters below goes, not only the rows on this page. Runs they already created are kept.'
              : 'The selected scheduled runs go. Runs they already created are kept.'
          }
        />
        {byFilter ? (
          <div className="grid gap-4">
            <p
              role="status"
              data-testid="bulk-count"
              className="rounded-lg border border-border bg-muted/40 px-3 py-2 text-sm"
            >
              {count.isPending ? (
                <Skeleton className="h-4 w-48" />
              ) : count.isError ? (
                'Could not count the matching scheduled runs.'
              ) : (
                <>
                  <strong className="font-semibold">{runs(count.data)}</strong>{' '}
                  {count.data === 1 ? 'matches' : 'match'} this filter.
                </>
              )}
            </p>
            <ScheduledRunsFilterPanel {...scope.panel} />
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="ghost" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            onClick={confirm}
            loading={remove.isPending}
            disabled={total === undefined || total === 0}
          >
            {total === undefined
              ? 'Delete'
              : byFilter
                ? `Delete ${runs(total)} matching this filter`
                : `Delete ${runs(total)}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
