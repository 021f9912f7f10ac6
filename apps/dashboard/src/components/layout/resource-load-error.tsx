import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ApiError, errorMessage } from '@/lib/api-error';

/**
 * What a detail page shows when its resource cannot be loaded: "not found" (a malformed id,
 * 400, names no resource either) with a way back to the list, or the error with a retry.
 */
export function ResourceLoadError({
  error,
  retry,
  icon,
  noun,
  notFoundDescription,
  listHref,
  listLabel,
}: {
  error: unknown;
  retry: () => void;
  icon: ReactNode;
  /** The resource, capitalised: "Worker", "Workflow". */
  noun: string;
  notFoundDescription: string;
  listHref: string;
  listLabel: string;
}) {
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <EmptyState
      className="mt-6"
      icon={icon}
      title={notFound ? `${noun} not found` : `Could not load the ${noun.toLowerCase()}`}
      description={notFound ? notFoundDescription : errorMessage(error)}
      actions={
        <>
          {notFound ? null : (
            <Button variant="outline" onClick={retry}>
              Try again
            </Button>
          )}
          <Button asChild variant={notFound ? 'primary' : 'ghost'}>
            <Link to={listHref}>{listLabel}</Link>
          </Button>
        </>
      }
    />
  );
}
