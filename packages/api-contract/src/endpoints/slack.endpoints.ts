import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { oauthCallbackQuerySchema } from '../oauth';
import { listSlackWebhooksSchema } from '../slack';

const tag = 'Slack';

export const slackWebhookList = defineEndpoint({
  operationId: 'slackWebhookList',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/slack',
  summary: "The tenant's Slack webhooks, oldest first (their URLs are never sent)",
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ tenant: uuidSchema }),
  responses: { 200: listSlackWebhooksSchema },
});

export const slackWebhookDelete = defineEndpoint({
  operationId: 'slackWebhookDelete',
  method: 'DELETE',
  path: '/api/v1/slack/{slack}',
  summary: 'Stop posting alerts to the channel (the app stays installed in Slack)',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: z.object({ slack: uuidSchema }),
  responses: { 204: null },
});

/** Browser navigations answered with redirects; the session cookie is the credential. */
export const userUpdateSlackOauthStart = defineEndpoint({
  operationId: 'userUpdateSlackOauthStart',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/slack/start',
  summary: 'Start adding a Slack webhook to the tenant (OAuth install); a browser navigation',
  tag: 'User',
  auth: 'tenant',
  minRole: 'MEMBER',
  allowApiTokens: false,
  rateLimited: true,
  params: z.object({ tenant: uuidSchema }),
  responses: { 302: null },
  redirect:
    "To Slack's authorize page, with a single-use state kept on the server for ten minutes; to `/auth/login?error=Slack OAuth is not configured on this Hatchet instance.` when Slack is not configured",
});

export const userUpdateSlackOauthCallback = defineEndpoint({
  operationId: 'userUpdateSlackOauthCallback',
  method: 'GET',
  path: '/api/v1/users/slack/callback',
  summary:
    "Slack's redirect back: checks the state, exchanges the code and stores the incoming webhook for the tenant that started the install",
  tag: 'User',
  auth: 'session',
  rateLimited: true,
  query: oauthCallbackQuerySchema,
  responses: { 302: null },
  redirect:
    "To the tenant's Alerting settings (`/tenants/{tenant}/tenant-settings/alerting`); with `?error=<message>` when the install was refused, the state is unknown or expired, or Slack refused the code",
});
