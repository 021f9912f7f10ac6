import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { filtersHref } from '@/config/screen-links';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { errorMessage } from '@/lib/api-error';
import { useFilters } from '../api/list-filters';
import { filterListQuery } from '../utils/filters-list-filters';
import { FiltersTable } from './filters-table';

/** Filters listed here; the link leads to all of them. */
const SUMMARY_LIMIT = 10;

/**
 * The filters of one workflow (its page) or one scope (an event's panel), each opening on
 * the filters screen, with a link to that screen filtered the same way.
 */
export function FiltersSummary({
  tenantId,
  of,
  workflowName = () => undefined,
}: {
  tenantId: string;
  of: { workflowId: string } | { scope: string };
  workflowName?: (workflowId: string) => string | undefined;
}) {
  const { refetchInterval } = useRefetchInterval();
  const byWorkflow = 'workflowId' in of;
  const scope = {
    workflowIds: byWorkflow ? [of.workflowId] : [],
    scopes: byWorkflow ? [] : [of.scope],
  };
  const list = useFilters(tenantId, filterListQuery(scope, { offset: 0, limit: SUMMARY_LIMIT }), {
    refetchInterval,
  });
  const rows = list.data?.rows ?? [];
  const pages = list.data?.pagination?.num_pages ?? 1;
  return (
    <div className="grid gap-2">
      <div className="overflow-hidden rounded-lg border border-border">
        <FiltersTable
          label={byWorkflow ? 'Filters of this workflow' : 'Filters of this scope'}
          rows={rows}
          isPending={list.isPending}
          error={list.isError ? `Could not load filters: ${errorMessage(list.error)}` : undefined}
          onRetry={() => void list.refetch()}
          workflowName={workflowName}
          opener={{ href: (filter) => filtersHref(tenantId, { filterId: filter.metadata.id }) }}
          shared={byWorkflow ? 'workflow' : 'scope'}
          empty={{
            title: 'No filters',
            description: byWorkflow
              ? 'This workflow has no filters.'
              : 'No workflow has a filter for this scope.',
          }}
        />
      </div>
      <Link
        to={filtersHref(tenantId, scope)}
        className="inline-flex items-center gap-1 justify-self-start rounded-sm text-[13px] text-muted-foreground hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        {pages > 1 ? 'All of them in Filters' : 'Open in Filters'}
        <ArrowRight className="size-3.5" aria-hidden="true" />
      </Link>
    </div>
  );
}
