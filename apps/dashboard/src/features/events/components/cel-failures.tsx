import { Link } from 'react-router';
import { Callout } from '@/components/ui/callout';
import { tenantHref } from '@/config/paths';
import { filtersHref } from '@/config/screen-links';
import type { V1EventCelFailure } from '@/types/api';

const linkClasses =
  'rounded-sm font-medium text-foreground underline decoration-foreground/30 underline-offset-2 hover:decoration-foreground focus-visible:outline-2 focus-visible:outline-ring';

/**
 * Filters whose expression failed on an event (a Trellis addition: the reference drops these
 * silently). Each names its workflow and filter, with the evaluator's message.
 */
export function CelFailures({
  tenantId,
  failures,
  workflowName,
}: {
  tenantId: string;
  failures: readonly V1EventCelFailure[];
  workflowName: (workflowId: string) => string | undefined;
}) {
  const count = failures.length;
  return (
    <Callout
      variant="destructive"
      title={`${count} filter ${count === 1 ? 'expression' : 'expressions'} failed on this event`}
    >
      <p>
        A filter that fails does not let the event through, so{' '}
        {count === 1 ? 'its workflow was' : 'their workflows were'} not triggered by it. The other
        filters were evaluated as usual.
      </p>
      <ul className="mt-2 grid gap-2" aria-label="Failed filters">
        {failures.map((failure, index) => {
          const name = failure.workflowId ? workflowName(failure.workflowId) : undefined;
          return (
            <li key={`${failure.filterId ?? ''}-${index}`} className="grid gap-1">
              <span className="flex flex-wrap items-center gap-x-2 text-[13px]">
                {failure.workflowId ? (
                  <Link
                    to={tenantHref(tenantId, 'workflows/:workflow', {
                      workflow: failure.workflowId,
                    })}
                    className={linkClasses}
                  >
                    {name ?? 'Workflow'}
                  </Link>
                ) : null}
                {failure.filterId ? (
                  <Link
                    to={filtersHref(tenantId, { filterId: failure.filterId })}
                    className={linkClasses}
                  >
                    Open the filter
                  </Link>
                ) : null}
              </span>
              <code className="block rounded-md bg-destructive/10 px-2 py-1 font-mono text-xs break-words whitespace-pre-wrap text-foreground">
                {failure.message}
              </code>
            </li>
          );
        })}
      </ul>
    </Callout>
  );
}
