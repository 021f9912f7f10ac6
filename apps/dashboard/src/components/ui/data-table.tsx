import { getCoreRowModel, getExpandedRowModel, useReactTable } from '@tanstack/react-table';
import type {
  ColumnDef,
  ColumnDefTemplate,
  ExpandedState,
  Row,
  RowData,
  VisibilityState,
} from '@tanstack/react-table';
import { useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableErrorRow,
  TableHead,
  TableHeader,
  TableLoadingRows,
  TableRow,
} from './table';
import type { EmptyContent } from './table';
import type { ColumnChoice } from './columns-menu';

declare module '@tanstack/react-table' {
  // Type parameters must match TanStack's declaration, even unused.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes of the column's header and cells (widths, the breakpoint it shows from). */
    className?: string;
    /** Extra classes of its cells only. */
    cellClassName?: string;
  }
}

/** A list's columns; `enableHiding: false` keeps one out of the Columns menu. */
export type DataColumn<T> = ColumnDef<T, unknown>;

/** The Columns menu's entries: the hideable columns, named by their text headers. */
export function columnChoices<T>(columns: readonly DataColumn<T>[]): ColumnChoice[] {
  return columns.flatMap((column) =>
    column.enableHiding === false || !column.id || typeof column.header !== 'string'
      ? []
      : [{ id: column.id, label: column.header }],
  );
}

/**
 * A selectable list's row: named by `attribute` (`data-event-row="<id>"`, what tests and
 * screens find it by) and tinted while selected.
 */
export function selectableRowProps(
  attribute: `data-${string}`,
  id: string,
  selected: boolean,
): ComponentProps<'tr'> {
  return {
    [attribute]: id,
    'data-state': selected ? 'selected' : undefined,
    className: 'data-[state=selected]:bg-accent/40',
  } as ComponentProps<'tr'>;
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  rows: T[];
  columns: DataColumn<T>[];
  getRowId: (row: T) => string;
  /** The columns the user hid (`useColumnVisibility`). */
  columnVisibility?: VisibilityState;
  /** Rows that expand into sub-rows (a DAG run into its tasks). */
  getSubRows?: (row: T) => T[] | undefined;
  /** Attributes of a body row: data attributes, selection state, classes. */
  rowProps?: (row: Row<T>) => ComponentProps<'tr'>;
  isPending: boolean;
  error?: string | undefined;
  onRetry?: (() => void) | undefined;
  empty: EmptyContent;
  loadingRows?: number;
  loadingLabel?: string;
}

/**
 * The one table every list renders: TanStack Table keeps the columns, their visibility and the
 * expanded rows; this draws them with the `Table` primitives and the list's loading, error and
 * empty rows. Order and paging stay the server's (no client-side sorting, as the reference).
 */
export function DataTable<T>({
  label,
  rows,
  columns,
  getRowId,
  columnVisibility = {},
  getSubRows,
  rowProps,
  isPending,
  error,
  onRetry,
  empty,
  loadingRows = 3,
  loadingLabel = 'Loading',
}: DataTableProps<T>) {
  const [expanded, setExpanded] = useState<ExpandedState>({});
  // No React Compiler here: the table instance is read during render only, as TanStack intends.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (row, _index, parent) => (parent ? `${parent.id}/${getRowId(row)}` : getRowId(row)),
    getSubRows,
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    state: { columnVisibility, expanded },
    onExpandedChange: setExpanded,
    // Visibility is the caller's (stored per user), not the table's.
    onColumnVisibilityChange: () => undefined,
  });
  const span = table.getVisibleLeafColumns().length;

  return (
    <Table aria-label={label} aria-busy={isPending || undefined}>
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id} className="hover:bg-transparent">
            {group.headers.map((header) => (
              <TableHead key={header.id} className={header.column.columnDef.meta?.className}>
                {header.isPlaceholder
                  ? null
                  : renderTemplate(header.column.columnDef.header, header.getContext())}
              </TableHead>
            ))}
          </TableRow>
        ))}
      </TableHeader>
      <TableBody>
        {isPending ? (
          <TableLoadingRows columns={span} rows={loadingRows} label={loadingLabel} />
        ) : error !== undefined ? (
          <TableErrorRow columns={span} message={error} onRetry={onRetry} />
        ) : rows.length === 0 ? (
          <TableEmptyRow columns={span} {...empty} />
        ) : (
          table.getRowModel().rows.map((row) => (
            <TableRow key={row.id} {...rowProps?.(row)}>
              {row.getVisibleCells().map((cell) => {
                const meta = cell.column.columnDef.meta;
                return (
                  <TableCell
                    key={cell.id}
                    className={[meta?.className, meta?.cellClassName].filter(Boolean).join(' ')}
                  >
                    {renderTemplate(cell.column.columnDef.cell, cell.getContext())}
                  </TableCell>
                );
              })}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

/**
 * A header or cell, called rather than mounted (TanStack's `flexRender` mounts a function as a
 * component): lists rebuild their column definitions on every render, and a new component type
 * each time would remount the cell, closing its open menu or resetting its inline edit.
 */
function renderTemplate<C extends object>(
  template: ColumnDefTemplate<C> | undefined,
  context: C,
): ReactNode {
  return typeof template === 'function' ? (template(context) as ReactNode) : template;
}
