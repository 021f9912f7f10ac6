import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { RowMenu } from '@/components/ui/row-menu';
import { Tooltip } from '@/components/ui/tooltip';
import { copyWithToast } from '@/hooks/copy-with-toast';
import type { CronWorkflows } from '@/types/api';
import { DEFINED_IN_CODE_REASON, cronLabel, isDefinedInCode } from '../utils/cron-info';
import type { CronRowActions } from './crons-table';

/**
 * A cron row's dots menu: details, run now, enable / disable (not while it is changing) and
 * delete, which a code-defined cron does not offer (the reason shows on hover).
 */
export function CronRowMenu({ cron, actions }: { cron: CronWorkflows; actions: CronRowActions }) {
  const id = cron.metadata.id;
  const inCode = isDefinedInCode(cron);
  return (
    <RowMenu label={`Actions for ${cronLabel(cron)}`}>
      <DropdownMenuItem onSelect={() => actions.onOpen(cron)}>View details</DropdownMenuItem>
      <DropdownMenuItem onSelect={() => copyWithToast(id, 'Cron ID copied')}>
        Copy Cron ID
      </DropdownMenuItem>
      {actions.canEdit ? (
        <>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            disabled={actions.runningId === id}
            onSelect={() => actions.onRunNow(cron)}
          >
            Run now
          </DropdownMenuItem>
          <DropdownMenuItem
            disabled={actions.updatingId !== undefined}
            onSelect={() => actions.onSetEnabled(cron, !cron.enabled)}
          >
            {cron.enabled ? 'Disable' : 'Enable'}
          </DropdownMenuItem>
          {inCode ? (
            <Tooltip content={DEFINED_IN_CODE_REASON} side="left">
              <div>
                <DropdownMenuItem disabled>Delete</DropdownMenuItem>
              </div>
            </Tooltip>
          ) : (
            <DropdownMenuItem className="text-destructive" onSelect={() => actions.onDelete(cron)}>
              Delete
            </DropdownMenuItem>
          )}
        </>
      ) : null}
    </RowMenu>
  );
}
