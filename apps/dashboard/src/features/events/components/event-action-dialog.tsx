import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { EventAction } from '../api/replay-cancel-events';

/** Keys listed in the dialog; the rest are counted. */
const KEYS_SHOWN = 5;

/**
 * "Replay" or "Cancel runs" for one event or a selection: says what will happen to which
 * events before anything does.
 */
export function EventActionDialog({
  action,
  events,
  pending,
  onConfirm,
  onClose,
}: {
  action: EventAction;
  events: readonly { id: string; key: string }[];
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const count = events.length;
  const noun = count === 1 ? 'event' : `${count} events`;
  const replay = action === 'replay';
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={replay ? `Replay ${noun}` : `Cancel the runs of ${noun}`}
      description={
        <>
          <span className="block">
            {replay
              ? `Sends ${count === 1 ? 'it' : 'each'} again as a new event with the same key, payload, metadata and scope, linked to the original. The workflows whose triggers and filters match it now run.`
              : `Cancels every run ${count === 1 ? 'it' : 'they'} triggered that has not finished. Finished runs stay as they are.`}
          </span>
          <span className="mt-3 flex flex-wrap gap-1.5">
            {events.slice(0, KEYS_SHOWN).map((event) => (
              <code
                key={event.id}
                className="max-w-full truncate rounded-md border border-border px-1.5 py-0.5 font-mono text-xs text-foreground"
              >
                {event.key}
              </code>
            ))}
            {count > KEYS_SHOWN ? <span>and {count - KEYS_SHOWN} more</span> : null}
          </span>
        </>
      }
      confirmLabel={replay ? 'Replay' : 'Cancel runs'}
      cancelLabel={replay ? 'Cancel' : 'Keep them'}
      destructive={!replay}
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
