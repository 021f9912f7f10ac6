import { Tag } from 'lucide-react';
import { metadataValueText } from '@/lib/metadata-filter';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

const VALUE_CHARS = 50;

/**
 * A JSON object's top-level entries in a table cell (a run's or an event's metadata, an
 * event's payload): a tag with the number of keys, opening the entries sorted by key.
 * Clicking an entry filters the list by it (when the list offers `onFilter`).
 */
export function MetadataPopover({
  metadata,
  onFilter,
  title = 'Metadata',
}: {
  metadata: Record<string, unknown> | undefined;
  onFilter?: (key: string, value: string) => void;
  /** What the object is: "Metadata", "Payload". */
  title?: string;
}) {
  const entries = Object.entries(metadata ?? {}).sort(([a], [b]) =>
    a.localeCompare(b, undefined, { sensitivity: 'base' }),
  );
  if (entries.length === 0) return null;
  return (
    <Popover>
      <PopoverTrigger
        aria-label={`${title}: ${entries.length} ${entries.length === 1 ? 'item' : 'items'}`}
        className="inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-xs text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Tag className="size-3.5" aria-hidden="true" />
        {entries.length}
      </PopoverTrigger>
      <PopoverContent className="w-72">
        <p className="mb-2 flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
          <Tag className="size-3.5" aria-hidden="true" />
          {title} ({entries.length} {entries.length === 1 ? 'item' : 'items'})
        </p>
        <ul className="grid gap-1.5">
          {entries.map(([key, value]) => {
            const text = metadataValueText(value);
            const shown = text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS)}…` : text;
            const body = (
              <>
                <span className="block text-[10px] font-medium tracking-wide text-muted-foreground uppercase">
                  {key}
                </span>
                <span className="block font-mono text-xs break-all text-foreground">{shown}</span>
              </>
            );
            return (
              <li key={key}>
                {onFilter ? (
                  <button
                    type="button"
                    title={`Filter by ${key}:${text}`}
                    onClick={() => onFilter(key, text)}
                    className="w-full rounded-md border border-border px-2 py-1.5 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {body}
                  </button>
                ) : (
                  <div title={text} className="rounded-md border border-border px-2 py-1.5">
                    {body}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
