import { z } from 'zod';
import { apiResourceMetaSchema, durationSchema } from './common';

export const apiTokenSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    name: z.string().max(255),
    expiresAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'APIToken' });
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const createApiTokenRequestSchema = z
  .object({
    name: z
      .string({ message: 'Name is required' })
      .trim()
      .min(1, { message: 'Name is required' })
      .max(255, { message: 'Name must be at most 255 characters' }),
    expiresIn: durationSchema.optional(),
  })
  .meta({ id: 'CreateAPITokenRequest' });

export const createApiTokenResponseSchema = z
  .object({ token: z.string() })
  .meta({ id: 'CreateAPITokenResponse' });

export const listApiTokensResponseSchema = z
  .object({ rows: z.array(apiTokenSchema) })
  .meta({ id: 'ListAPITokensResponse' });

/** Default lifetime of a token created without `expiresIn`: 90 days. */
export const DEFAULT_API_TOKEN_TTL_MS = 90 * 24 * 3_600_000;
