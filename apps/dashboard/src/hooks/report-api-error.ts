import { ApiError, errorMessage } from '@/lib/api-error';
import type { FieldErrors } from '@/lib/api-error';
import { toast } from './use-toast';

/**
 * The one place a failed call is shown to the user:
 * - a 400 naming fields puts the messages under the form inputs (no toast);
 * - a server error (5xx) toasts "An internal error occurred.";
 * - anything else toasts the server's messages (or the transport message).
 */
export function reportApiError(
  error: unknown,
  options: { onFieldErrors?: (errors: FieldErrors) => void; title?: string } = {},
): void {
  if (
    error instanceof ApiError &&
    error.status === 400 &&
    error.hasFieldErrors &&
    options.onFieldErrors
  ) {
    options.onFieldErrors(error.fieldErrors);
    return;
  }
  toast({
    title: options.title ?? 'Error',
    description: errorMessage(error),
    variant: 'destructive',
  });
}
