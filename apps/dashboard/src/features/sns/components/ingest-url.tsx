import { CopyButton } from '@/components/ui/copy-button';

/**
 * A row's ingest URL, cut to the cell's width (the whole URL on hover), with the button that
 * copies it: what a user pastes into the SNS subscription.
 */
export function IngestUrl({ url }: { url: string | undefined }) {
  if (!url) return <span className="text-muted-foreground">Not given by the server</span>;
  return (
    <div className="flex min-w-0 items-center gap-1">
      <code
        data-testid="sns-ingest-url"
        className="min-w-0 flex-1 truncate font-mono text-xs text-muted-foreground"
        title={url}
      >
        {url}
      </code>
      <CopyButton value={url} label="ingest URL" className="size-7 shrink-0" />
    </div>
  );
}
