import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { RowMenu } from '@/components/ui/row-menu';
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
} from '@/components/ui/table';
import type { EmptyContent } from '@/components/ui/table';
import { copyWithToast } from '@/hooks/copy-with-toast';
import { cn } from '@/lib/cn';
import type { V1Filter } from '@/types/api';

const openerClasses =
  'block max-w-28 truncate rounded-sm text-left font-medium hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:max-w-60';

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
}) {
  const inPanel = 'onOpen' in opener;
  const columns = (shared ? 2 : 3) + (inPanel ? 2 : 0);
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

  return (
    <Table aria-label={label} aria-busy={isPending || undefined}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {shared === 'workflow' ? null : <TableHead>Workflow</TableHead>}
          {shared === 'scope' ? null : (
            <TableHead className={shared ? undefined : 'hidden sm:table-cell'}>Scope</TableHead>
          )}
          <TableHead>Expression</TableHead>
          {inPanel ? (
            <>
              <TableHead className="hidden md:table-cell">Declared in code</TableHead>
              <TableHead className="w-px">
                <span className="sr-only">Actions</span>
              </TableHead>
            </>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {isPending ? (
          <TableLoadingRows columns={columns} rows={inPanel ? 10 : 2} label="Loading filters" />
        ) : error !== undefined ? (
          <TableErrorRow columns={columns} message={error} onRetry={onRetry} />
        ) : rows.length === 0 ? (
          <TableEmptyRow columns={columns} {...empty} />
        ) : (
          rows.map((filter) => {
            const name = workflowName(filter.workflowId) ?? filter.workflowId;
            return (
              <TableRow key={filter.metadata.id} data-filter-row={filter.metadata.id}>
                {shared === 'workflow' ? null : (
                  <TableCell>
                    {open(filter, name, false)}
                    {shared ? null : (
                      <code className="mt-0.5 block max-w-28 truncate font-mono text-xs text-muted-foreground sm:hidden">
                        {filter.scope}
                      </code>
                    )}
                  </TableCell>
                )}
                {shared === 'scope' ? null : (
                  <TableCell className={shared ? undefined : 'hidden sm:table-cell'}>
                    {shared === 'workflow' ? (
                      open(filter, filter.scope, true)
                    ) : (
                      <code
                        className="block max-w-40 truncate font-mono text-xs"
                        title={filter.scope}
                      >
                        {filter.scope}
                      </code>
                    )}
                  </TableCell>
                )}
                <TableCell className="py-2">
                  <code className="block max-h-40 min-w-36 overflow-y-auto rounded-md border border-border bg-muted/30 px-2 py-1 font-mono text-xs break-all whitespace-pre-wrap select-text sm:min-w-80">
                    {filter.expression}
                  </code>
                </TableCell>
                {'onOpen' in opener ? (
                  <>
                    <TableCell className="hidden md:table-cell">
                      {filter.isDeclarative ? (
                        <Check
                          className="size-4 text-success"
                          role="img"
                          aria-label="Declared in code"
                        />
                      ) : (
                        <span className="sr-only">No</span>
                      )}
                    </TableCell>
                    <TableCell className="w-px">
                      <RowMenu label={`Actions for the filter of ${name}`}>
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
                    </TableCell>
                  </>
                ) : null}
              </TableRow>
            );
          })
        )}
      </TableBody>
    </Table>
  );
}
