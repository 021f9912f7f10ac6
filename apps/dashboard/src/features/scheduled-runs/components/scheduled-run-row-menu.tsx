import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { RowMenu } from '@/components/ui/row-menu';
import { Tooltip } from '@/components/ui/tooltip';
import { copyWithToast } from '@/hooks/copy-with-toast';
import type { ScheduledWorkflows } from '@/types/api';
import { DEFINED_IN_CODE_REASON, isDefinedInCode, shortId } from '../utils/scheduled-run-info';
import type { ScheduledRunRowActions } from './scheduled-runs-table';

/** A scheduled run's dots menu: details, reschedule, delete (not for code-scheduled ones). */
export function ScheduledRunRowMenu({
  scheduled,
  actions,
}: {
  scheduled: ScheduledWorkflows;
  actions: ScheduledRunRowActions;
}) {
  const id = scheduled.metadata.id;
  return (
    <RowMenu label={`Actions for scheduled run ${shortId(id)}`}>
      <DropdownMenuItem onSelect={() => actions.onOpen(scheduled)}>View details</DropdownMenuItem>
      <DropdownMenuItem onSelect={() => copyWithToast(id, 'Scheduled run ID copied')}>
        Copy ID
      </DropdownMenuItem>
      {actions.canEdit ? (
        <>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => actions.onReschedule(scheduled)}>
            Reschedule
          </DropdownMenuItem>
          {isDefinedInCode(scheduled) ? (
            <Tooltip content={DEFINED_IN_CODE_REASON} side="left">
              <div>
                <DropdownMenuItem disabled>Delete</DropdownMenuItem>
              </div>
            </Tooltip>
          ) : (
            <DropdownMenuItem
              className="text-destructive"
              onSelect={() => actions.onDelete(scheduled)}
            >
              Delete
            </DropdownMenuItem>
          )}
        </>
      ) : null}
    </RowMenu>
  );
}
