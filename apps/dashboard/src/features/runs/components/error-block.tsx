import { CircleX } from 'lucide-react';
import { CopyButton } from '@/components/ui/copy-button';
import { splitError } from '../utils/task-events';

/** A failure: its message in bold, the stack trace below, copyable whole. */
export function ErrorBlock({ error, title = 'Error' }: { error: string; title?: string }) {
  const { message, stack } = splitError(error);
  return (
    <section
      aria-label={title}
      className="relative rounded-lg border border-destructive/40 bg-destructive/10 p-3 pr-11"
    >
      <p className="flex items-start gap-2 text-sm font-medium text-foreground">
        <CircleX className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
        <span className="break-words">{message || 'The task failed without a message.'}</span>
      </p>
      {stack ? (
        <pre className="mt-2 max-h-72 overflow-auto font-mono text-[11px] leading-relaxed whitespace-pre text-muted-foreground">
          {stack}
        </pre>
      ) : null}
      <CopyButton value={error} label="error" className="absolute top-1.5 right-1.5" />
    </section>
  );
}
