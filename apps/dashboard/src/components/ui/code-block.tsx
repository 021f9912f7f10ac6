import { cn } from '@/lib/cn';
import { CopyButton } from './copy-button';

/**
 * Preformatted code with a copy button. `label` names the block for the button
 * ("Copy install command") and is shown above the code when `caption` is set. Long lines
 * scroll sideways, or with `wrap` continue on the next line (copying still gives them whole).
 */
export function CodeBlock({
  code,
  label,
  caption,
  wrap = false,
  className,
}: {
  code: string;
  label: string;
  caption?: string;
  wrap?: boolean;
  className?: string;
}) {
  return (
    <figure className={cn('min-w-0 overflow-hidden rounded-lg border border-border', className)}>
      {caption ? (
        <figcaption className="flex items-center justify-between gap-2 border-b border-border bg-muted/60 py-1 pr-1 pl-3 text-xs font-medium text-muted-foreground">
          <span className="truncate">{caption}</span>
          <CopyButton value={code} label={label} withText />
        </figcaption>
      ) : null}
      <div className="relative bg-muted/30">
        <pre
          className={cn(
            'overflow-x-auto p-3 font-mono text-[11.5px] leading-relaxed text-foreground sm:text-[12.5px]',
            !caption && 'pr-12',
            wrap && 'break-all whitespace-pre-wrap',
          )}
        >
          <code>{code}</code>
        </pre>
        {caption ? null : (
          <CopyButton value={code} label={label} className="absolute top-1.5 right-1.5" />
        )}
      </div>
    </figure>
  );
}
