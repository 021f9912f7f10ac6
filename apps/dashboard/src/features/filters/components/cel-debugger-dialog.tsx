import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { JsonField } from '@/components/ui/json-field';
import { Textarea } from '@/components/ui/textarea';
import { useJsonText } from '@/hooks/use-json-text';
import { jsonObjectText } from '@/lib/json-object';
import { useExpressionCheck } from '../hooks/use-expression-check';
import { ExpressionVerdictPanel } from './expression-verdict';
import { FILTER_VARIABLES_HINT } from './filter-fields';

export interface CelDebuggerStart {
  expression: string;
  filterPayload?: Record<string, unknown>;
}

/**
 * The CEL debugger: an expression, a sample event (its payload and metadata) and a filter
 * payload; the result (true, false or the error) follows as they are typed, from the same
 * evaluator the engine uses for filters.
 */
export default function CelDebuggerDialog({
  tenantId,
  start,
  onClose,
}: {
  tenantId: string;
  /** A filter's expression and payload to start from. */
  start?: CelDebuggerStart;
  onClose: () => void;
}) {
  const ids = useId();
  const [expression, setExpression] = useState(start?.expression ?? '');
  const input = useJsonText('{\n  "amount": 120\n}');
  const filterPayload = useJsonText(jsonObjectText(start?.filterPayload));
  const metadata = useJsonText();
  const check = useExpressionCheck(
    tenantId,
    input.parsed.ok && filterPayload.parsed.ok && metadata.parsed.ok
      ? {
          expression,
          input: input.parsed.value,
          filterPayload: filterPayload.parsed.value,
          additionalMetadata: metadata.parsed.value,
        }
      : undefined,
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader
          title="CEL debugger"
          description="Try a filter expression on a sample event. The result follows as you type."
        />
        <div className="grid gap-4">
          <div className="grid gap-1.5">
            <label htmlFor={`${ids}-expression`} className="text-[13px] font-medium">
              Expression
            </label>
            <Textarea
              id={`${ids}-expression`}
              rows={3}
              autoFocus
              placeholder="input.amount > payload.minimum"
              value={expression}
              aria-describedby={`${ids}-hint`}
              onChange={(event) => setExpression(event.target.value)}
            />
            <p id={`${ids}-hint`} className="text-xs text-muted-foreground">
              {FILTER_VARIABLES_HINT}
            </p>
          </div>
          <ExpressionVerdictPanel check={check} />
          <div className="grid gap-4 md:grid-cols-2">
            <JsonField
              label="Event payload (input)"
              field={input}
              rows={9}
              className="content-start md:row-span-2"
            />
            <JsonField label="Filter payload (payload)" field={filterPayload} rows={3} />
            <JsonField label="Additional metadata" field={metadata} rows={3} />
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
