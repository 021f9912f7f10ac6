import type { VisibilityState } from '@tanstack/react-table';
import { Check } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { RowMenu } from '@/components/ui/row-menu';
import { columnChoicesOf } from '@/components/ui/columns-menu';
import { DataTable } from '@/components/ui/data-table';
import type { DataColumn } from '@/components/ui/data-table';
import type { EmptyContent } from '@/components/ui/table';
import { copyWithToast } from '@/hooks/copy-with-toast';
import { cn } from '@/lib/cn';
import type { V1Filter } from '@/types/api';

const openerClasses =
  'block max-w-28 truncate rounded-sm text-left font-medium hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:max-w-60';

/** The columns a user may hide in the filters list, with their headers' names. */
const HIDEABLE: Record<string, string> = { scope: 'Scope', declared: 'Declared in code' };
export const FILTER_COLUMN_CHOICES = columnChoicesOf(HIDEABLE);

/** How a row opens its filter: the panel on this screen, or a link to the filters screen. */
export type FilterOpener =
  | { onOpen: (filter: V1Filter) => void; onDebug: (filter: V1Filter) => void }
  | { href: (filter: V1Filter) => string };

/**
 * Filters (reference 5.7): workflow, scope and expression, and whether the workflow's code
 * declared the filter. A short form of it lists the filters of one workflow or one scope
 * elsewhere, without the column they all share.
 */
export function FiltersTable({
  label,
  rows,
  isPending,
  error,
  onRetry,
  workflowName,
  opener,
  shared,
  empty,
  columnVisibility,
}: {
  label: string;
  rows: V1Filter[];
  isPending: boolean;
  error?: string | undefined;
  onRetry: () => void;
  workflowName: (workflowId: string) => string | undefined;
  opener: FilterOpener;
  /** The column every row has the same value in (a workflow's or a scope's filters). */
  shared?: 'workflow' | 'scope';
  empty: EmptyContent;
  /** The columns the user hid (ids of `FILTER_COLUMN_CHOICES`). */
  columnVisibility?: VisibilityState;
}) {
  const inPanel = 'onOpen' in opener;
  const open = (filter: V1Filter, text: string, mono: boolean) => {
    const className = cn(openerClasses, mono && 'font-mono text-[13px]');
    return 'onOpen' in opener ? (
      <button
        type="button"
        onClick={() => opener.onOpen(filter)}
        className={className}
        title={text}
      >
        {text}
      </button>
    ) : (
      <Link to={opener.href(filter)} className={className} title={text}>
        {text}
      </Link>
    );
  };

  const columns: DataColumn<V1Filter>[] = [
    ...(shared === 'workflow'
      ? []
      : [
          {
            id: 'workflow',
            enableHiding: false,
            header: 'Workflow',
            cell: ({ row: { original: filter } }) => (
              <>
                {open(filter, workflowName(filter.workflowId) ?? filter.workflowId, false)}
                {shared ? null : (
                  <code className="mt-0.5 block max-w-28 truncate font-mono text-xs text-muted-foreground sm:hidden">
                    {filter.scope}
                  </code>
                )}
              </>
            ),
          } satisfies DataColumn<V1Filter>,
        ]),
    ...(shared === 'scope'
      ? []
      : [
          {
            id: 'scope',
            // The opener of a workflow's filters: always shown there.
            enableHiding: !shared,
            header: HIDEABLE.scope,
            meta: { className: shared ? undefined : 'hidden sm:table-cell' },
            cell: ({ row: { original: filter } }) =>
              shared === 'workflow' ? (
                open(filter, filter.scope, true)
              ) : (
                <code className="block max-w-40 truncate font-mono text-xs" title={filter.scope}>
                  {filter.scope}
                </code>
              ),
          } satisfies DataColumn<V1Filter>,
        ]),
    {
      id: 'expression',
      enableHiding: false,
      header: 'Expression',
      meta: { cellClassName: 'py-2' },
      cell: ({ row }) => (
        <code className="block max-h-40 min-w-36 overflow-y-auto rounded-md border border-border bg-muted/30 px-2 py-1 font-mono text-xs break-all whitespace-pre-wrap select-text sm:min-w-80">
          {row.original.expression}
        </code>
      ),
    },
    ...('onOpen' in opener
      ? [
          {
            id: 'declared',
            header: HIDEABLE.declared,
            meta: { className: 'hidden md:table-cell' },
            cell: ({ row }) =>
              row.original.isDeclarative ? (
                <Check className="size-4 text-success" role="img" aria-label="Declared in code" />
              ) : (
                <span className="sr-only">No</span>
              ),
          } satisfies DataColumn<V1Filter>,
          {
            id: 'actions',
            enableHiding: false,
            meta: { className: 'w-px' },
            header: () => <span className="sr-only">Actions</span>,
            cell: ({ row: { original: filter } }) => (
              <RowMenu
                label={`Actions for the filter of ${workflowName(filter.workflowId) ?? filter.workflowId}`}
              >
                <DropdownMenuItem onSelect={() => opener.onOpen(filter)}>
                  View details
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => opener.onDebug(filter)}>
                  Open in debugger
                </DropdownMenuItem>
                <DropdownMenuItem
                  onSelect={() => copyWithToast(filter.metadata.id, 'Filter ID copied')}
                >
                  Copy Filter ID
                </DropdownMenuItem>
              </RowMenu>
            ),
          } satisfies DataColumn<V1Filter>,
        ]
      : []),
  ];

  return (
    <DataTable
      label={label}
      rows={rows}
      columns={columns}
      getRowId={(filter) => filter.metadata.id}
      columnVisibility={columnVisibility}
      rowProps={(row) => ({ 'data-filter-row': row.id }) as ComponentProps<'tr'>}
      isPending={isPending}
      error={error}
      onRetry={onRetry}
      empty={empty}
      loadingRows={inPanel ? 10 : 2}
      loadingLabel="Loading filters"
    />
  );
}
