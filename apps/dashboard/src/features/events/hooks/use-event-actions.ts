import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import { useEventAction } from '../api/replay-cancel-events';
import type { EventAction } from '../api/replay-cancel-events';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * Replay or cancel events, saying what it did: how many events a replay sent again, how many
 * runs a cancel stopped. `onDone` gets the ids of the events a replay created.
 */
export function useEventActions(tenantId: string) {
  const mutation = useEventAction(tenantId);
  const run = (action: EventAction, eventIds: string[], onDone?: (created: string[]) => void) =>
    mutation.mutate(
      { action, eventIds },
      {
        onSuccess: (result) => {
          if ('rows' in result) {
            toast({
              title: `Replayed ${plural(result.rows.length, 'event')}`,
              description:
                'Each was sent again as a new event, matched against the triggers and filters of now.',
              variant: 'success',
            });
            onDone?.(result.rows.map((event) => event.metadata.id));
            return;
          }
          const count = result.workflowRunIds.length;
          toast({
            title: count > 0 ? `Cancelling ${plural(count, 'run')}` : 'No runs to cancel',
            description:
              count > 0
                ? 'The runs these events triggered that had not finished are being cancelled.'
                : 'Every run these events triggered had already finished.',
            variant: 'success',
          });
          onDone?.([]);
        },
        onError: (error) =>
          reportApiError(error, {
            title: action === 'replay' ? 'Could not replay' : 'Could not cancel the runs',
          }),
      },
    );
  return { run, isPending: mutation.isPending };
}
