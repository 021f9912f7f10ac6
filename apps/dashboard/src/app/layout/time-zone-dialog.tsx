import { useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogHeader,
} from '@/components/ui/dialog';
import { SearchInput } from '@/components/ui/search-input';
import { useTimeZonePreference } from '@/hooks/use-time-zone';
import {
  BROWSER_TIME_ZONE,
  browserTimeZone,
  formatOffset,
  searchTimeZones,
  timeZoneChoices,
} from '@/lib/time-zone';

const RADIO_NAME = 'time-zone';

/**
 * Picks the zone dates and times are shown and typed in: the browser's, UTC, or any IANA zone
 * found by searching. A choice applies at once, on every open screen; native radios give
 * the arrow keys and screen reader announcements for free.
 */
export function TimeZoneDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on closing (Radix's event; prevent it to move focus yourself). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        ref={contentRef}
        className="max-w-md"
        onCloseAutoFocus={onCloseAutoFocus}
        // Start on the current choice (scrolled into view), not on the first control.
        onOpenAutoFocus={(event) => {
          const checked = contentRef.current?.querySelector<HTMLInputElement>(
            `input[name="${RADIO_NAME}"]:checked`,
          );
          if (!checked) return;
          event.preventDefault();
          checked.focus();
        }}
        // Escape in a search with text clears it (the search box does); the next one closes.
        onEscapeKeyDown={(event) => {
          const target = event.target;
          if (target instanceof HTMLInputElement && target.type === 'search' && target.value) {
            event.preventDefault();
          }
        }}
      >
        <DialogHeader
          title="Time zone"
          description="Dates and times are shown in this zone, and the times you type are read in it."
        />
        <TimeZonePicker />
        <DialogFooter>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The choices; mounted while the dialog is open, so each opening starts a fresh search. */
function TimeZonePicker() {
  const { preference, setPreference } = useTimeZonePreference();
  const [query, setQuery] = useState('');
  const resultsRef = useRef<HTMLDivElement>(null);
  // Offsets are read once, when the dialog opens.
  const [now] = useState(() => new Date());
  const choices = useMemo(() => timeZoneChoices(now), [now]);
  const shown = searchTimeZones(choices, query);
  const browser = browserTimeZone();

  const radio = (value: string, label: ReactNode, detail: string, offset: string) => (
    <ZoneRadio
      key={value}
      value={value}
      checked={preference === value}
      onChange={() => setPreference(value)}
      label={label}
      detail={detail}
      offset={offset}
    />
  );

  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="sr-only">Time zone</legend>
      <div className="flex flex-col gap-1">
        {radio(
          BROWSER_TIME_ZONE,
          <>
            Browser <span className="text-muted-foreground">({browser})</span>
          </>,
          'The zone this device is set to',
          formatOffset(now, browser),
        )}
        {radio('UTC', 'UTC', 'Coordinated Universal Time', formatOffset(now, 'UTC'))}
      </div>
      <div className="flex flex-col gap-2">
        <SearchInput
          label="Search time zones"
          placeholder="Search by city, name or offset"
          value={query}
          onChange={setQuery}
          // The checked radio is the group's only Tab stop, so the keys that reach the
          // results start here: Down moves into them, Enter picks the first.
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              resultsRef.current?.querySelector('input')?.focus();
            } else if (event.key === 'Enter' && shown[0]) {
              event.preventDefault();
              setPreference(shown[0].zone);
            }
          }}
          className="sm:w-full"
        />
        <div
          ref={resultsRef}
          className="flex max-h-64 flex-col gap-0.5 overflow-y-auto rounded-md border border-border p-1"
        >
          {shown.map((choice) => radio(choice.zone, choice.zone, choice.name, choice.offset))}
          {shown.length === 0 ? (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">No zone matches.</p>
          ) : null}
        </div>
        <p aria-live="polite" className="text-xs text-muted-foreground">
          {shown.length === choices.length
            ? `${choices.length} zones`
            : `${shown.length} of ${choices.length} zones`}
        </p>
      </div>
    </fieldset>
  );
}

/** One choice: its name, a line about it, and its offset now. */
function ZoneRadio({
  value,
  checked,
  onChange,
  label,
  detail,
  offset,
}: {
  value: string;
  checked: boolean;
  onChange: () => void;
  label: ReactNode;
  detail: string;
  offset: string;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm text-foreground hover:bg-muted has-checked:bg-muted has-focus-visible:outline-2 has-focus-visible:outline-ring">
      <input
        type="radio"
        name={RADIO_NAME}
        value={value}
        checked={checked}
        onChange={onChange}
        className="size-4 shrink-0 accent-primary focus-visible:outline-none"
      />
      <span className="grid min-w-0 flex-1">
        <span className="truncate">{label}</span>
        <span className="truncate text-xs text-muted-foreground">{detail}</span>
      </span>
      <span className="shrink-0 font-mono text-xs text-muted-foreground">{offset}</span>
    </label>
  );
}
