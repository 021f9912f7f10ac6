import { Repeat, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { isTerminalStatus } from '@/lib/status';
import type { V1TaskStatus } from '@/types/api';
import { useRunAction } from '../hooks/use-run-action';

/**
 * Replay (once finished) and Cancel (while not finished) for one run or task. They act at
 * once, without a dialog, like the reference's detail pages.
 */
export function RunActionButtons({
  tenantId,
  externalId,
  status,
  noun,
}: {
  tenantId: string;
  externalId: string;
  status: V1TaskStatus;
  /** "run" or "task", for the accessible names. */
  noun: string;
}) {
  const action = useRunAction(tenantId);
  const terminal = isTerminalStatus(status);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={!terminal || action.isPending}
        title={terminal ? `Run this ${noun} again` : `A ${noun} can be replayed once it finished`}
        onClick={() => action.run('replay', { externalIds: [externalId] })}
      >
        <Repeat aria-hidden="true" />
        Replay
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={terminal || action.isPending}
        title={terminal ? `This ${noun} has finished` : `Cancel this ${noun}`}
        onClick={() => action.run('cancel', { externalIds: [externalId] })}
        className="text-destructive hover:text-destructive"
      >
        <XCircle aria-hidden="true" />
        Cancel
      </Button>
    </>
  );
}
