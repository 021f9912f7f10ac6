/**
 * The one error type of the dashboard's API layer. Every failed call (a non-2xx answer or a
 * transport failure) reaches the UI as an `ApiError`, so screens never inspect `Response`
 * objects or guess at body shapes.
 */

/** One item of the server's `{ errors: [...] }` body. */
export interface ServerErrorItem {
  description: string;
  field?: string;
  code?: number;
  docs_link?: string;
}

/** Field name -> message, ready to show under form inputs. */
export type FieldErrors = Record<string, string>;

/** What went wrong: the server answered with an error status, or the request never completed. */
export type ApiErrorKind = 'http' | 'network' | 'aborted' | 'timeout' | 'unsupported-protocol';

/** Messages for failures where no response arrived (spec section 8). */
export const TRANSPORT_ERROR_MESSAGES = {
  network: 'Network Error',
  aborted: 'request aborted',
  timeout: 'timeout exceeded',
  'unsupported-protocol': 'unsupported protocol',
} as const satisfies Record<Exclude<ApiErrorKind, 'http'>, string>;

const GENERIC_MESSAGE = 'An internal error occurred.';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status, or `undefined` when no response arrived. */
  readonly status: number | undefined;
  readonly statusText: string | undefined;
  /** The server's error items, as sent (empty when the body had none). */
  readonly errors: readonly ServerErrorItem[];
  /** Per-field messages taken from `errors` items that name a field. */
  readonly fieldErrors: FieldErrors;
  /** Every human-readable message the response carried, in order. */
  readonly descriptions: readonly string[];

  constructor(init: {
    kind: ApiErrorKind;
    status?: number;
    statusText?: string;
    errors?: readonly ServerErrorItem[];
    descriptions?: readonly string[];
    cause?: unknown;
  }) {
    const descriptions = init.descriptions ?? [];
    super(messageFor(init.kind, descriptions, init.status), { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.statusText = init.statusText;
    this.errors = init.errors ?? [];
    this.fieldErrors = toFieldErrors(this.errors);
    this.descriptions = descriptions;
  }

  /** True when the session is missing or not allowed: the caller should sign in again. */
  get isUnauthenticated(): boolean {
    return this.status === 401 || this.status === 403;
  }

  get hasFieldErrors(): boolean {
    return Object.keys(this.fieldErrors).length > 0;
  }
}

function messageFor(
  kind: ApiErrorKind,
  descriptions: readonly string[],
  status: number | undefined,
): string {
  if (kind !== 'http') return TRANSPORT_ERROR_MESSAGES[kind];
  if (descriptions.length > 0) return descriptions.join('\n');
  if (status !== undefined && status >= 500) return GENERIC_MESSAGE;
  return status !== undefined ? `Request failed with status ${status}` : GENERIC_MESSAGE;
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * Turns the server's `errors` list into a field -> message lookup. Items without a field are
 * left out (they are general messages). When a field has several items, the first one wins:
 * it is the one the server found first, and a form shows one message per input.
 */
export function toFieldErrors(errors: readonly ServerErrorItem[] | undefined | null): FieldErrors {
  const lookup: FieldErrors = {};
  for (const item of errors ?? []) {
    if (!item || typeof item.field !== 'string' || item.field === '') continue;
    if (typeof item.description !== 'string') continue;
    if (!(item.field in lookup)) lookup[item.field] = item.description;
  }
  return lookup;
}

/** The same lookup without one field (its input was edited, so its message is stale). */
export function withoutField(errors: FieldErrors, field: string): FieldErrors {
  if (!(field in errors)) return errors;
  const rest = { ...errors };
  delete rest[field];
  return rest;
}

/**
 * Reads the error items out of any error body the server may send:
 * `{ errors: [...] }` (the standard shape), a bare `{ description }` item, or `{ message }`
 * (middleware errors such as "Please provide valid credentials").
 */
export function parseErrorBody(body: unknown): {
  errors: ServerErrorItem[];
  descriptions: string[];
} {
  if (!body || typeof body !== 'object') {
    return typeof body === 'string' && body.trim() !== ''
      ? { errors: [], descriptions: [body.trim()] }
      : { errors: [], descriptions: [] };
  }
  const record = body as Record<string, unknown>;
  if (Array.isArray(record.errors)) {
    const errors = record.errors.filter(isErrorItem);
    return { errors, descriptions: errors.map((item) => item.description) };
  }
  if (isErrorItem(record)) return { errors: [record], descriptions: [record.description] };
  if (typeof record.message === 'string' && record.message !== '') {
    return { errors: [], descriptions: [record.message] };
  }
  return { errors: [], descriptions: [] };
}

function isErrorItem(value: unknown): value is ServerErrorItem {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as { description?: unknown }).description === 'string'
  );
}

/** A message fit for a toast: the server's words when it sent any, else a generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'http' && error.status !== undefined && error.status >= 500) {
      return GENERIC_MESSAGE;
    }
    return error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return GENERIC_MESSAGE;
}
