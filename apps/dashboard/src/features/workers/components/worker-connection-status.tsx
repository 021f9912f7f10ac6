import { CircleCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useWorkers } from '../api/list-workers';

/** While waiting for the first worker, the list is asked again this often. */
export const WORKER_POLL_MS = 2000;

/**
 * Whether a worker has connected, from the server's worker list. A browser cannot probe the
 * gRPC port itself, so a server without the worker list (404) gets a plain explanation
 * instead of a made-up "waiting" status.
 */
export function WorkerConnectionStatus({
  tenantId,
  grpcAddress,
}: {
  tenantId: string;
  /** The engine address from the API token, when one was just created. */
  grpcAddress?: string | undefined;
}) {
  const workers = useWorkers(tenantId, { pollWhileEmptyMs: WORKER_POLL_MS });

  if (workers.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Checking whether this server accepts workers…
      </p>
    );
  }

  if (workers.isError) {
    if (workers.error instanceof ApiError && workers.error.status === 404) {
      return (
        <Callout variant="info" title="This server does not list workers yet">
          Its worker list answers 404, so this page cannot show whether your worker connected.
          Worker support arrives over several Trellis builds: if the worker reports that it cannot
          reach the engine (gRPC{grpcAddress ? ` at ${grpcAddress}` : ''}), the worker protocol is
          not in this build yet. The token and code above stay the same.
        </Callout>
      );
    }
    return (
      <Callout variant="destructive" title="Could not check for workers">
        <p>{errorMessage(workers.error)}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void workers.refetch()}>
          Try again
        </Button>
      </Callout>
    );
  }

  const rows = workers.data.rows;
  if (rows.length === 0) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Waiting for a worker to connect…
      </p>
    );
  }
  return (
    <p role="status" className="flex items-center gap-2 text-sm font-medium text-foreground">
      <CircleCheck className="size-4 text-success" aria-hidden="true" />
      {rows.length === 1
        ? `Worker ${rows[0]?.name ?? ''} is connected.`
        : `${rows.length} workers are connected.`}
    </p>
  );
}
