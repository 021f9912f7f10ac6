import { ApiError, errorMessage } from '@/lib/api-error';
import type { FieldErrors } from '@/lib/api-error';
import { toast } from './use-toast';

/**
 * The one place a failed call is shown to the user:
 * - a 400 naming fields puts the messages under the form inputs (no toast); messages for
 *   fields the form does not show (when `fields` lists the ones it does) become a toast;
 * - a server error (5xx) toasts "An internal error occurred.";
 * - anything else toasts the server's messages (or the transport message).
 */
export function reportApiError(
  error: unknown,
  options: {
    onFieldErrors?: (errors: FieldErrors) => void;
    /** The fields the form shows; by default every field message goes to the form. */
    fields?: readonly string[];
    title?: string;
  } = {},
): void {
  const title = options.title ?? 'Error';
  if (
    error instanceof ApiError &&
    error.status === 400 &&
    error.hasFieldErrors &&
    options.onFieldErrors
  ) {
    const shown: FieldErrors = {};
    const other: string[] = [];
    for (const [field, message] of Object.entries(error.fieldErrors)) {
      if (!options.fields || options.fields.includes(field)) shown[field] = message;
      else other.push(message);
    }
    if (Object.keys(shown).length > 0) options.onFieldErrors(shown);
    if (other.length > 0) toast({ title, description: other.join('\n'), variant: 'destructive' });
    return;
  }
  toast({ title, description: errorMessage(error), variant: 'destructive' });
}
