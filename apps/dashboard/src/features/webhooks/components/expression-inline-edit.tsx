import { Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import { cn } from '@/lib/cn';
import type { V1Webhook } from '@/types/api';
import { useUpdateWebhook } from '../api/update-webhook';

const iconButton =
  'rounded-md p-1 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50';

/**
 * A webhook's event key expression, edited in place (reference 5.8): in a table it reads as
 * text until focused; with a change, Save (pulsing while unsaved) and Cancel appear. Enter saves a
 * changed, non-empty expression, Escape puts the saved one back. The server refuses one
 * that does not compile; its message shows right under the input.
 */
export function ExpressionInlineEdit({
  tenantId,
  webhook,
  framed = false,
}: {
  tenantId: string;
  webhook: V1Webhook;
  /** Drawn as an input from the start (where it is the only thing to edit, as in a panel). */
  framed?: boolean;
}) {
  const errorId = useId();
  const saved = webhook.eventKeyExpression;
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | undefined>(undefined);
  const update = useUpdateWebhook(tenantId, webhook.name);
  // The saved expression changed elsewhere (a refetch): show it unless this one is being edited.
  const [lastSaved, setLastSaved] = useState(saved);
  if (saved !== lastSaved) {
    setLastSaved(saved);
    if (text === lastSaved) setText(saved);
  }
  const changed = text.trim() !== saved;

  const cancel = () => {
    setText(saved);
    setError(undefined);
  };
  const save = () => {
    if (!changed || text.trim() === '' || update.isPending) return;
    update.mutate(
      { eventKeyExpression: text.trim() },
      {
        onSuccess: (result) => {
          setText(result.eventKeyExpression);
          toast({
            title: 'Expression saved',
            description: `${webhook.name}: ${result.eventKeyExpression}`,
            variant: 'success',
          });
        },
        onError: (failure) =>
          reportApiError(failure, {
            onFieldErrors: (fields) => setError(fields.eventKeyExpression),
            fields: ['eventKeyExpression'],
            title: 'Could not save the expression',
          }),
      },
    );
  };

  return (
    <div className="grid min-w-36 gap-1">
      <div className="flex items-center gap-1">
        <input
          aria-label={`Event key expression of ${webhook.name}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={text}
          spellCheck={false}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              save();
            } else if (event.key === 'Escape' && changed) {
              event.preventDefault();
              cancel();
            }
          }}
          className={cn(
            'h-8 w-full min-w-0 rounded-md border border-transparent bg-transparent px-2 font-mono text-xs text-foreground',
            'hover:border-border focus-visible:border-ring focus-visible:bg-surface focus-visible:outline-2 focus-visible:outline-ring',
            (changed || framed) && 'border-border bg-surface',
            error && 'border-destructive',
          )}
        />
        {changed ? (
          <>
            <button
              type="button"
              onClick={save}
              disabled={text.trim() === '' || update.isPending}
              aria-label="Save expression"
              title="Save (Enter)"
              className={cn(iconButton, 'text-destructive', !update.isPending && 'animate-pulse')}
            >
              {update.isPending ? (
                <Spinner className="size-4" />
              ) : (
                <Check className="size-4" aria-hidden="true" />
              )}
            </button>
            <button
              type="button"
              onClick={cancel}
              disabled={update.isPending}
              aria-label="Cancel editing"
              title="Cancel (Escape)"
              className={cn(iconButton, 'text-muted-foreground')}
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="px-2 text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
