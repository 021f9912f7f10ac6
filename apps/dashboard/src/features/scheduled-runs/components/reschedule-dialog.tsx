import { useState } from 'react';
import { Callout } from '@/components/ui/callout';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { TimeZoneNote } from '@/components/ui/time-zone-note';
import { useTimeZone } from '@/hooks/use-time-zone';
import { toast } from '@/hooks/use-toast';
import { ApiError, errorMessage } from '@/lib/api-error';
import { formatTimestamp } from '@/lib/format';
import { fromLocalInput, toLocalInput } from '@/lib/local-datetime';
import type { ScheduledWorkflows } from '@/types/api';
import { useRescheduleRun } from '../api/reschedule-run';
import { hasFired, shortId } from '../utils/scheduled-run-info';

/**
 * Reschedule: a new trigger time in the user's time zone. A run that already fired cannot
 * move; the server says so and its message shows under the field.
 */
export function RescheduleDialog({
  tenantId,
  scheduled,
  onClose,
}: {
  tenantId: string;
  scheduled: ScheduledWorkflows;
  onClose: () => void;
}) {
  const timeZone = useTimeZone();
  const [text, setText] = useState(() => toLocalInput(scheduled.triggerAt, timeZone));
  const [error, setError] = useState<string | undefined>(undefined);
  const reschedule = useRescheduleRun(tenantId);
  const fired = hasFired(scheduled);

  const submit = () => {
    const triggerAt = fromLocalInput(text, timeZone);
    if (!triggerAt) {
      setError('Choose a date and time.');
      return;
    }
    reschedule.mutate(
      { id: scheduled.metadata.id, triggerAt },
      {
        onSuccess: (updated) => {
          toast({
            title: 'Run rescheduled',
            description: `It now runs at ${formatTimestamp(updated.triggerAt, timeZone)}.`,
            variant: 'success',
          });
          onClose();
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiError && failure.descriptions.length > 0
              ? failure.descriptions.join(' ')
              : errorMessage(failure),
          ),
      },
    );
  };

  return (
    <FormDialog
      title="Reschedule run"
      description={
        <>
          Move scheduled run{' '}
          <code className="font-mono text-foreground">{shortId(scheduled.metadata.id)}</code> of{' '}
          <span className="font-medium text-foreground">{scheduled.workflowName}</span> to a new
          time.
        </>
      }
      submitLabel="Reschedule"
      pending={reschedule.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {fired ? (
        <Callout variant="warning" title="This run already fired">
          Its run exists, so its time can no longer change.
        </Callout>
      ) : null}
      <Field label="Trigger at" error={error} hint={<TimeZoneNote />}>
        <Input
          type="datetime-local"
          step={1}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
    </FormDialog>
  );
}
