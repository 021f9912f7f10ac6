import { z } from 'zod';
import { apiResourceMetaSchema, paginationResponseSchema } from './common';

/**
 * An incoming webhook a tenant installed through Slack's OAuth flow: alerts are posted to its
 * channel. The webhook's URL is a credential and is never sent back.
 */
export const slackWebhookSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    tenantId: z.uuid(),
    teamName: z.string(),
    teamId: z.string(),
    channelName: z.string(),
    channelId: z.string(),
  })
  .meta({ id: 'SlackWebhook' });
export type SlackWebhook = z.infer<typeof slackWebhookSchema>;

export const listSlackWebhooksSchema = z
  .object({ pagination: paginationResponseSchema, rows: z.array(slackWebhookSchema) })
  .meta({ id: 'ListSlackWebhooks' });
