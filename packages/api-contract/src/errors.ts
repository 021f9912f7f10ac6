import { z } from 'zod';

/** One problem with a request. `field` names the JSON field at fault when there is one. */
export const apiErrorSchema = z
  .object({
    description: z.string(),
    code: z.number().int().optional(),
    field: z.string().optional(),
    docs_link: z.string().optional(),
  })
  .meta({ id: 'APIError' });

/** The one error body every endpoint answers with. */
export const apiErrorsSchema = z
  .object({ errors: z.array(apiErrorSchema) })
  .meta({ id: 'APIErrors' });

export type ApiErrorItem = z.infer<typeof apiErrorSchema>;
export type ApiErrors = z.infer<typeof apiErrorsSchema>;
