import type { z } from 'zod';
import type { ApiErrorItem } from '@trellis/api-contract';
import { ApiError } from './api-error';

/** Turns zod issues into per-field API errors; `field` is the dotted path of the JSON field. */
export function validationError(error: z.ZodError): ApiError {
  return new ApiError(
    400,
    error.issues.map((issue): ApiErrorItem => {
      const field = issue.path.map(String).join('.');
      const missing = issue.code === 'invalid_type' && issue.input === undefined;
      const description = missing && field ? `${field} is required` : issue.message;
      return field ? { field, description } : { description };
    }),
  );
}
