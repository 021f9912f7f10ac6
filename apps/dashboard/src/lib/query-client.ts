import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/**
 * Retry policy by error class: answers the server meant (4xx) are never retried; transport
 * failures and 5xx get two more tries. Aborted requests are not retried.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'aborted' || error.kind === 'unsupported-protocol') return false;
  if (error.kind === 'http') return error.status !== undefined && error.status >= 500;
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Lists poll on their own interval (useRefetchInterval); this only stops the same
        // data being fetched twice while a screen mounts.
        staleTime: 5_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
