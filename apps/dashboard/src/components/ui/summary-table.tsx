import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { ColumnVisibility } from '@/hooks/use-column-visibility';
import { ColumnsMenu } from './columns-menu';
import { DataTable, columnChoices } from './data-table';
import type { DataTableProps } from './data-table';

/**
 * The first few rows of a list shown on another screen's page (a workflow's cron jobs, its
 * next scheduled runs): the table, then a link to the full list and the table's Columns menu.
 */
export function SummaryTable<T>({
  visibility,
  moreHref,
  moreLabel,
  ...table
}: Omit<DataTableProps<T>, 'columnVisibility'> & {
  visibility: ColumnVisibility;
  /** The full list, filtered to what this table shows. */
  moreHref: string;
  moreLabel: string;
}) {
  return (
    <div className="grid gap-2">
      <div className="overflow-hidden rounded-lg border border-border">
        <DataTable {...table} columnVisibility={visibility.visibility} />
      </div>
      <div className="@container flex flex-wrap items-center justify-between gap-2">
        <Link
          to={moreHref}
          className="inline-flex items-center gap-1 rounded-sm text-[13px] text-muted-foreground hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {moreLabel}
          <ArrowRight className="size-3.5" aria-hidden="true" />
        </Link>
        <ColumnsMenu
          columns={columnChoices(table.columns)}
          hidden={visibility.hidden}
          onChange={visibility.setHidden}
          of={table.label}
        />
      </div>
    </div>
  );
}
