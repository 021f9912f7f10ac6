import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import type { ExportFormat } from '@trellis/api-contract';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import type { QueryParams } from '@/lib/api-client';
import type { ExportList } from '../api/stream-export';
import { useExport } from '../hooks/use-export';
import { ExportProgressBar } from './export-progress';

const FORMATS: { value: ExportFormat; label: string; detail: string }[] = [
  { value: 'csv', label: 'CSV', detail: 'A header line, one row per line; opens in spreadsheets' },
  { value: 'json', label: 'JSON', detail: 'An array of objects, one per line; for scripts' },
];

const NOUNS: Record<ExportList, string> = { runs: 'runs', events: 'events' };

/**
 * Exports a list for its current filters: pick a format, then the file streams from the
 * server with rows counted as they arrive, and is saved once complete. Cancel (or closing
 * the dialog) while it runs aborts the request; nothing is saved then.
 */
export default function ExportDialog({
  list,
  tenantId,
  query,
  onClose,
}: {
  list: ExportList;
  tenantId: string;
  query: QueryParams;
  onClose: () => void;
}) {
  const [format, setFormat] = useState<ExportFormat>('csv');
  const { state, start, cancel } = useExport(list, tenantId, query);
  const noun = NOUNS[list];
  const running = state.step === 'running';
  const close = () => {
    cancel();
    onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="max-w-md" aria-busy={running || undefined}>
        <DialogHeader
          title={`Export ${noun}`}
          description={`Every ${list === 'runs' ? 'run' : 'event'} matching the current filters, not only this page, newest first.`}
        />
        <fieldset className="grid gap-1" disabled={running}>
          <legend className="mb-1.5 text-sm font-medium text-foreground">Format</legend>
          {FORMATS.map((choice) => (
            <label
              key={choice.value}
              className="flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm text-foreground hover:bg-muted has-checked:bg-muted has-focus-visible:outline-2 has-focus-visible:outline-ring has-disabled:cursor-default has-disabled:opacity-60"
            >
              <input
                type="radio"
                name="export-format"
                value={choice.value}
                checked={format === choice.value}
                onChange={() => setFormat(choice.value)}
                className="size-4 shrink-0 accent-primary focus-visible:outline-none"
              />
              <span className="grid min-w-0 flex-1">
                <span>{choice.label}</span>
                <span className="text-xs text-muted-foreground">{choice.detail}</span>
              </span>
            </label>
          ))}
        </fieldset>

        {state.step === 'running' ? (
          <ExportProgressBar rows={state.rows} total={state.total} label={noun} />
        ) : null}
        {state.step === 'done' ? (
          <div className="grid gap-3">
            <ExportProgressBar rows={state.rows} total={state.rows} label={noun} />
            <p
              role="status"
              className="flex items-start gap-2 text-sm break-all text-muted-foreground"
            >
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              Saved {state.filename}
            </p>
          </div>
        ) : null}
        {state.step === 'failed' ? (
          <Callout variant="destructive" title="The export failed">
            {state.message}
          </Callout>
        ) : null}

        <DialogFooter>
          {running ? (
            <Button variant="ghost" onClick={cancel}>
              Cancel
            </Button>
          ) : (
            <Button variant="ghost" onClick={close}>
              {state.step === 'done' ? 'Close' : 'Cancel'}
            </Button>
          )}
          <Button onClick={() => void start(format)} loading={running}>
            {running
              ? 'Exporting…'
              : state.step === 'failed'
                ? 'Try again'
                : state.step === 'done'
                  ? 'Export again'
                  : 'Export'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
