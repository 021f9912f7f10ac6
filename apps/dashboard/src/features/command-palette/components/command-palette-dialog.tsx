import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import type { Command } from '../utils/filter-commands';
import { filterCommands, groupCommands } from '../utils/filter-commands';

export interface PaletteStatus {
  tone: 'info' | 'error';
  text: string;
}

/**
 * The palette: a modal dialog holding a combobox (the search field) and the listbox of
 * matching commands. Arrow keys move the active row (Home/End jump), Enter runs it, Escape
 * closes. Focus stays in the field; the active row is announced via aria-activedescendant.
 */
export function CommandPaletteDialog({
  commands,
  query,
  onQueryChange,
  onClose,
  status,
  busy = false,
}: {
  commands: readonly Command[];
  query: string;
  onQueryChange: (query: string) => void;
  onClose: () => void;
  status?: PaletteStatus;
  busy?: boolean;
}) {
  const baseId = useId();
  const listId = `${baseId}-list`;
  const matches = useMemo(() => filterCommands(commands, query), [commands, query]);
  const groups = useMemo(() => groupCommands(matches), [matches]);
  const [active, setActive] = useState(0);
  const activeIndex = matches.length === 0 ? -1 : Math.min(active, matches.length - 1);
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const activeId = activeIndex >= 0 ? optionId(activeIndex) : undefined;
  useEffect(() => {
    if (!activeId) return;
    document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const run = (command: Command | undefined) => {
    if (!command || busy) return;
    command.run();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = matches.length;
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault();
      setActive((activeIndex + 1) % count);
    } else if (event.key === 'ArrowUp' && count > 0) {
      event.preventDefault();
      setActive((activeIndex - 1 + count) % count);
    } else if (event.key === 'Home' && count > 0 && event.ctrlKey) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End' && count > 0 && event.ctrlKey) {
      event.preventDefault();
      setActive(count - 1);
    } else if (event.key === 'PageDown' && count > 0) {
      event.preventDefault();
      setActive(Math.min(count - 1, activeIndex + 8));
    } else if (event.key === 'PageUp' && count > 0) {
      event.preventDefault();
      setActive(Math.max(0, activeIndex - 8));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      run(matches[activeIndex]);
    }
  };

  let index = -1;
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className={cn(
            'fixed top-3 left-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden',
            'rounded-xl border border-border bg-surface-raised text-foreground shadow-xl shadow-black/30 sm:top-[12vh] sm:max-h-[70vh]',
            'focus-visible:outline-none',
          )}
        >
          <DialogPrimitive.Title className="sr-only">Command palette</DialogPrimitive.Title>
          <div className="flex items-center gap-2 border-b border-border px-3 focus-within:shadow-[inset_0_-2px_0_var(--ring)]">
            <Search aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <input
              autoFocus
              role="combobox"
              aria-label="Search commands, or paste a run or task id"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeId}
              aria-busy={busy || undefined}
              autoComplete="off"
              spellCheck={false}
              placeholder="Search, or paste a run id…"
              className="h-12 min-w-0 flex-1 bg-transparent text-base text-foreground outline-none placeholder:text-muted-foreground/80 sm:text-sm"
              value={query}
              onChange={(event) => {
                setActive(0);
                onQueryChange(event.target.value);
              }}
              onKeyDown={onKeyDown}
            />
            <kbd className="hidden rounded border border-border px-1.5 py-0.5 font-mono text-[11px] text-muted-foreground sm:inline">
              Esc
            </kbd>
          </div>
          {status ? (
            <p
              role={status.tone === 'error' ? 'alert' : 'status'}
              className={cn(
                'border-b border-border px-4 py-2 text-sm',
                status.tone === 'error' ? 'text-destructive' : 'text-muted-foreground',
              )}
            >
              {status.text}
            </p>
          ) : null}
          <div
            id={listId}
            role="listbox"
            aria-label="Commands"
            className="min-h-0 flex-1 overflow-y-auto p-1.5"
          >
            {groups.length === 0 ? (
              <p className="px-3 py-6 text-center text-sm text-muted-foreground">
                No matching commands.
              </p>
            ) : (
              groups.map(({ group, items }, groupIndex) => (
                <div key={group} role="group" aria-labelledby={`${baseId}-group-${groupIndex}`}>
                  <div
                    id={`${baseId}-group-${groupIndex}`}
                    role="presentation"
                    className="px-2.5 pt-2 pb-1 text-xs font-medium text-muted-foreground"
                  >
                    {group}
                  </div>
                  {items.map((command) => {
                    index += 1;
                    const itemIndex = index;
                    const selected = itemIndex === activeIndex;
                    return (
                      <div
                        key={command.id}
                        id={optionId(itemIndex)}
                        role="option"
                        aria-selected={selected}
                        data-active={selected || undefined}
                        className={cn(
                          'flex cursor-pointer items-center gap-3 rounded-md px-2.5 py-2 text-sm text-foreground',
                          'data-[active]:bg-accent data-[active]:text-accent-foreground data-[active]:outline-2 data-[active]:-outline-offset-2 data-[active]:outline-ring',
                        )}
                        onPointerMove={() => {
                          if (!selected) setActive(itemIndex);
                        }}
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => run(command)}
                      >
                        <span className="min-w-0 flex-1 truncate">{command.label}</span>
                        {command.hint ? (
                          <span className="shrink-0 font-mono text-xs text-muted-foreground">
                            {command.hint}
                          </span>
                        ) : null}
                      </div>
                    );
                  })}
                </div>
              ))
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
