import type { ApiErrorItem } from '@trellis/api-contract';

/**
 * The one error type handlers throw. The error handler turns it into the API error body
 * `{ errors: [...] }` with its status; nothing else in the server writes error responses.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorItem[],
    /** Response headers that go with the refusal (a 503's Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.map((error) => error.description).join('; '));
  }
}

const single = (status: number) => (description: string, field?: string) =>
  new ApiError(status, [field === undefined ? { description } : { description, field }]);

export const badRequest = single(400);
/** A member whose role does not allow the operation, or who is not a member at all. */
export const notAuthorized = single(401);
export const forbidden = single(403);
export const notFound = single(404);
export const conflict = single(409);
export const tooManyRequests = single(429);

export const INVALID_CREDENTIALS = 'Please provide valid credentials';
export const NOT_AUTHORIZED_TO_VIEW = 'Not authorized to view this resource';
