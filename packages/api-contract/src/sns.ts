import { z } from 'zod';
import { apiResourceMetaSchema, paginationResponseSchema } from './common';

export const snsIntegrationSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    tenantId: z.uuid(),
    topicArn: z.string(),
    /** Where SNS delivers: `<server URL>/api/v1/sns/<tenant>/sns-event` (the event's key). */
    ingestUrl: z.string().optional(),
  })
  .meta({ id: 'SNSIntegration' });
export type SnsIntegration = z.infer<typeof snsIntegrationSchema>;

/** arn:aws:sns:<region>:<account>:<topic>, as AWS writes a topic ARN (also in China and GovCloud). */
export const TOPIC_ARN_PATTERN =
  /^arn:aws(-cn|-us-gov)?:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}(\.fifo)?$/;

export const createSnsIntegrationRequestSchema = z
  .object({
    topicArn: z
      .string({ message: 'Topic ARN is required' })
      .trim()
      .min(1, { message: 'Topic ARN is required' })
      .max(256, { message: 'Topic ARN must be at most 256 characters' })
      .regex(TOPIC_ARN_PATTERN, {
        message: 'Topic ARN must look like arn:aws:sns:us-east-1:123456789012:my-topic',
      }),
  })
  .meta({ id: 'CreateSNSIntegrationRequest' });

export const listSnsIntegrationsSchema = z
  .object({ pagination: paginationResponseSchema, rows: z.array(snsIntegrationSchema) })
  .meta({ id: 'ListSNSIntegrations' });
