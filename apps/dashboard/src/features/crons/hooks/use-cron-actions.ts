import { useNavigate } from 'react-router';
import { tenantHref } from '@/config/paths';
import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import type { CronWorkflows } from '@/types/api';
import { useRunCronNow } from '../api/run-cron-now';
import { useUpdateCron } from '../api/update-cron';
import { cronLabel } from '../utils/cron-info';

/**
 * Enable / disable and run now, from a row's menu or the panel: each says how it went in a
 * toast; run now offers the new run. `updatingId` and `runningId` name the cron in flight.
 */
export function useCronActions(tenantId: string) {
  const navigate = useNavigate();
  const update = useUpdateCron(tenantId);
  const run = useRunCronNow(tenantId);

  const setEnabled = (cron: CronWorkflows, enabled: boolean) =>
    update.mutate(
      { cronId: cron.metadata.id, body: { enabled } },
      {
        onSuccess: () =>
          toast({
            title: enabled ? 'Cron job enabled' : 'Cron job disabled',
            description: enabled
              ? `${cronLabel(cron)} fires on its schedule again.`
              : `${cronLabel(cron)} no longer fires until it is enabled.`,
            variant: 'success',
          }),
        onError: (error) =>
          reportApiError(error, {
            title: enabled ? 'Could not enable the cron job' : 'Could not disable the cron job',
          }),
      },
    );

  const runNow = (cron: CronWorkflows) =>
    run.mutate(cron.metadata.id, {
      onSuccess: ({ externalId }) =>
        toast({
          title: 'Run started',
          description: `${cron.workflowName} runs now with the input of ${cronLabel(cron)}.`,
          variant: 'success',
          action: {
            label: 'View run',
            onClick: () => void navigate(tenantHref(tenantId, 'runs/:run', { run: externalId })),
          },
        }),
      onError: (error) => reportApiError(error, { title: 'Could not run the cron job' }),
    });

  return {
    setEnabled,
    runNow,
    updatingId: update.isPending ? update.variables.cronId : undefined,
    runningId: run.isPending ? run.variables : undefined,
  };
}
