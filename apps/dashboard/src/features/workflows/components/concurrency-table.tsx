import type { VisibilityState } from '@tanstack/react-table';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { DataTable, columnChoices } from '@/components/ui/data-table';
import type { DataColumn } from '@/components/ui/data-table';
import { concurrencyStrategyDescription, concurrencyStrategyLabel } from '@/lib/concurrency';
import type { ConcurrencyLimit } from '../utils/concurrency-limits';

/** The list name its hidden columns are kept under. */
export const CONCURRENCY_LIST = 'workflow-concurrency';

/** A limit and its place in the version's list (limits have no id of their own). */
interface LimitRow {
  id: string;
  limit: ConcurrencyLimit;
}

const COLUMNS: DataColumn<LimitRow>[] = [
  {
    id: 'scope',
    enableHiding: false,
    header: 'Scope',
    meta: { cellClassName: 'font-medium' },
    cell: ({ row: { original } }) =>
      original.limit.scope === 'Workflow' ? (
        <Badge variant="outline">Workflow</Badge>
      ) : (
        <span className="font-mono text-[13px]">{original.limit.scope}</span>
      ),
  },
  {
    id: 'key',
    enableHiding: false,
    header: 'Key',
    meta: { cellClassName: 'py-2' },
    cell: ({ row: { original } }) => (
      <>
        <code className="font-mono text-[13px] break-all">{original.limit.expression}</code>
        <span className="mt-0.5 block text-xs text-muted-foreground sm:hidden">
          {concurrencyStrategyLabel(original.limit.strategy)}
        </span>
        {original.limit.name ? (
          <span className="mt-0.5 block md:hidden">
            <LimitName limit={original.limit} />
          </span>
        ) : null}
      </>
    ),
  },
  {
    id: 'maxRuns',
    header: 'Max runs',
    cell: ({ row: { original } }) =>
      original.limit.maxRunsIsExpression ? (
        <code className="font-mono text-[13px] break-all">{original.limit.maxRuns}</code>
      ) : (
        <span className="tabular-nums">{original.limit.maxRuns}</span>
      ),
  },
  {
    id: 'strategy',
    header: 'Strategy',
    meta: { className: 'hidden sm:table-cell', cellClassName: 'whitespace-nowrap' },
    cell: ({ row: { original } }) => (
      <span title={concurrencyStrategyDescription(original.limit.strategy)}>
        {concurrencyStrategyLabel(original.limit.strategy)}
      </span>
    ),
  },
  {
    id: 'name',
    header: 'Name',
    meta: { className: 'hidden md:table-cell' },
    cell: ({ row: { original } }) =>
      original.limit.name ? (
        <LimitName limit={original.limit} />
      ) : (
        <span className="text-muted-foreground">N/A</span>
      ),
  },
];

/** The Columns menu's entries of the concurrency limits. */
export const CONCURRENCY_COLUMN_CHOICES = columnChoices(COLUMNS);

/**
 * A version's concurrency limits: where each applies, its key expression, the most runs per
 * key, what happens at the limit and the name it is shared under. Phones fold the strategy
 * and the name under the key.
 */
export function ConcurrencyTable({
  limits,
  columnVisibility,
}: {
  limits: ConcurrencyLimit[];
  /** The columns the user hid (ids of `CONCURRENCY_COLUMN_CHOICES`). */
  columnVisibility?: VisibilityState;
}) {
  const rows: LimitRow[] = limits.map((limit, index) => ({ id: String(index), limit }));
  return (
    <Card className="overflow-hidden">
      <DataTable
        label="Concurrency limits"
        rows={rows}
        columns={COLUMNS}
        getRowId={(row) => row.id}
        columnVisibility={columnVisibility}
        isPending={false}
        empty={{ title: 'No concurrency limits' }}
      />
    </Card>
  );
}

function LimitName({ limit }: { limit: ConcurrencyLimit }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="font-mono text-[13px]">{limit.name}</span>
      {limit.tenantScoped ? (
        <Badge
          variant="accent"
          title="Counted with every workflow of the tenant that uses this name"
        >
          tenant-wide
        </Badge>
      ) : null}
    </span>
  );
}
