import { CopyButton } from '@/components/ui/copy-button';
import { cn } from '@/lib/cn';

/** The URL a webhook receives requests at, in a code chip with a copy button. */
export function ReceiveUrl({ url, disabled = false }: { url: string; disabled?: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-1 rounded-md border border-border bg-muted/40 py-0.5 pr-0.5 pl-2.5">
      <code
        data-testid="webhook-url"
        className={cn(
          'min-w-0 flex-1 truncate font-mono text-xs',
          disabled && 'text-muted-foreground',
        )}
        title={url}
      >
        {url}
      </code>
      {disabled ? null : <CopyButton value={url} label="webhook URL" className="size-7" />}
    </div>
  );
}
