import { z } from 'zod';
import { apiResourceMetaSchema, paginationResponseSchema } from './common';

/** Longest name and URL a webhook worker may have (the dashboard's form allows as much). */
const MAX_LENGTH = 255;
/** A secret shorter than this is too easy to guess for an HMAC key. */
export const WEBHOOK_WORKER_SECRET_MIN_LENGTH = 32;

export const webhookWorkerSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    name: z.string(),
    url: z.string(),
  })
  .meta({ id: 'WebhookWorker' });
export type WebhookWorker = z.infer<typeof webhookWorkerSchema>;

/** The answer to a create: the only time the secret is shown. */
export const webhookWorkerCreatedSchema = webhookWorkerSchema
  .extend({ secret: z.string() })
  .meta({ id: 'WebhookWorkerCreated' });
export type WebhookWorkerCreated = z.infer<typeof webhookWorkerCreatedSchema>;

export const webhookWorkerCreateRequestSchema = z
  .object({
    name: z
      .string({ message: 'Name is required' })
      .trim()
      .min(1, { message: 'Name is required' })
      .max(MAX_LENGTH, { message: `Name must be at most ${MAX_LENGTH} characters` }),
    url: z
      .string({ message: 'URL is required' })
      .trim()
      .max(MAX_LENGTH, { message: `URL must be at most ${MAX_LENGTH} characters` })
      .refine(isHttpUrl, { message: 'URL must be a valid http or https URL' }),
    secret: z
      .string()
      .min(WEBHOOK_WORKER_SECRET_MIN_LENGTH, {
        message: `Secret must be at least ${WEBHOOK_WORKER_SECRET_MIN_LENGTH} characters`,
      })
      .max(1024, { message: 'Secret must be at most 1024 characters' })
      .optional(),
  })
  .meta({ id: 'WebhookWorkerCreateRequest' });
export type WebhookWorkerCreateRequest = z.infer<typeof webhookWorkerCreateRequestSchema>;

export const webhookWorkerListResponseSchema = z
  .object({
    pagination: paginationResponseSchema.optional(),
    rows: z.array(webhookWorkerSchema).optional(),
  })
  .meta({ id: 'WebhookWorkerListResponse' });

export const webhookWorkerRequestMethodSchema = z
  .enum(['GET', 'POST', 'PUT'])
  .meta({ id: 'WebhookWorkerRequestMethod' });

/** One request the server sent to the worker: a health check (PUT) or a delivery (POST). */
export const webhookWorkerRequestSchema = z
  .object({
    created_at: z.iso.datetime({ offset: true }),
    method: webhookWorkerRequestMethodSchema,
    /** The worker's status code; 0 when no answer came (refused connection, timeout). */
    statusCode: z.number().int(),
  })
  .meta({ id: 'WebhookWorkerRequest' });
export type WebhookWorkerRequest = z.infer<typeof webhookWorkerRequestSchema>;

export const webhookWorkerRequestListResponseSchema = z
  .object({ requests: z.array(webhookWorkerRequestSchema).optional() })
  .meta({ id: 'WebhookWorkerRequestListResponse' });

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
