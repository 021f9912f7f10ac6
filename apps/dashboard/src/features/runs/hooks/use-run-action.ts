import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import { useTaskAction } from '../api/cancel-replay-tasks';
import type { TaskAction, TaskSelection } from '../api/cancel-replay-tasks';

const VERB: Record<TaskAction, { title: string; doing: string }> = {
  cancel: { title: 'Cancel', doing: 'Canceling' },
  replay: { title: 'Replay', doing: 'Replaying' },
};

/**
 * Cancel or replay with the reference's feedback: a toast at once (the request may take a
 * moment; clicking again would send it twice), then one saying how many tasks it reached.
 */
export function useRunAction(tenantId: string) {
  const mutation = useTaskAction(tenantId);
  const run = (action: TaskAction, selection: TaskSelection, onDone?: () => void) => {
    toast({
      title: `${VERB[action].title} request submitted`,
      description: 'It is on its way; no need to click again.',
    });
    mutation.mutate(
      { action, selection },
      {
        onSuccess: (result) => {
          const count = result.ids?.length ?? 0;
          toast({
            title: `${VERB[action].doing} ${count} task run${count === 1 ? '' : 's'}`,
            variant: 'success',
            duration: 5_000,
          });
          onDone?.();
        },
        onError: (error) => reportApiError(error, { title: `Could not ${action}` }),
      },
    );
  };
  return { run, isPending: mutation.isPending };
}
