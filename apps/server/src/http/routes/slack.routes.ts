/**
 * Slack webhooks for alerts: listed and deleted like the tenant's other integrations, and
 * added through Slack's OAuth install (browser navigations answered with redirects). Start
 * keeps the install's state on the server, bound to the user and the tenant; the callback
 * takes it (once), exchanges Slack's code for the webhook (slack/slack-install.ts) and stores
 * it. Every failure of the callback lands on the Alerting page with a sentence it shows.
 */
import {
  roleAtLeast,
  slackWebhookDelete,
  slackWebhookList,
  userUpdateSlackOauthCallback,
  userUpdateSlackOauthStart,
  type SlackWebhook,
} from '@trellis/api-contract';
import type { FastifyReply } from 'fastify';
import { findMemberOfTenant } from '../../accounts/member.queries';
import {
  exchangeSlackCode,
  newSlackState,
  slackAuthorizeUrl,
  type SlackApp,
} from '../../slack/slack-install';
import { saveSlackState, takeSlackState } from '../../slack/slack-oauth-state.queries';
import {
  deleteSlackWebhook,
  listSlackWebhooks,
  upsertSlackWebhook,
  type SlackWebhookRow,
} from '../../slack/slack-webhook.queries';
import { notFound } from '../api-error';
import type { ApiRouter } from '../api-router';

/** The reference's words when the server has no Slack app. */
export const SLACK_NOT_CONFIGURED = 'Slack OAuth is not configured on this Hatchet instance.';

function present(row: SlackWebhookRow): SlackWebhook {
  return {
    metadata: {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
    tenantId: row.tenantId,
    teamName: row.teamName,
    teamId: row.teamId,
    channelName: row.channelName,
    channelId: row.channelId,
  };
}

export function registerSlackRoutes(api: ApiRouter): void {
  const { db, config } = api.context;
  const slack: SlackApp | undefined = config.slack.client && {
    client: config.slack.client,
    url: config.slack.url,
  };
  const callbackUrl = `${config.publicUrl}/api/v1/users/slack/callback`;

  api.handle(slackWebhookList, async ({ identity }) => ({
    pagination: {},
    rows: (await listSlackWebhooks(db, identity.tenant!.id)).map(present),
  }));

  api.handle(slackWebhookDelete, async ({ params, identity }) => {
    if (!(await deleteSlackWebhook(db, identity.tenant!.id, params.slack))) {
      throw notFound(`Slack webhook ${params.slack} not found`);
    }
  });

  const notConfigured = (reply: FastifyReply) =>
    reply.header('location', `/auth/login?error=${encodeURIComponent(SLACK_NOT_CONFIGURED)}`);

  /**
   * To the tenant's Alerting page, with a message when the install failed. A failure before the
   * tenant is known goes to the Alerting page of the tenant the dashboard last used.
   */
  const toAlerting = (reply: FastifyReply, tenantId: string | undefined, error?: string) => {
    const page = tenantId
      ? `/tenants/${tenantId}/tenant-settings/alerting`
      : '/tenant-settings/alerting';
    reply.header('location', error ? `${page}?error=${encodeURIComponent(error)}` : page);
  };

  api.handle(userUpdateSlackOauthStart, async ({ identity, reply }) => {
    if (!slack) return void notConfigured(reply);
    const state = newSlackState();
    await saveSlackState(
      db,
      state,
      { userId: identity.user!.id, tenantId: identity.tenant!.id },
      new Date(),
    );
    reply.header('location', slackAuthorizeUrl(slack, callbackUrl, state).href);
  });

  api.handle(userUpdateSlackOauthCallback, async ({ query, identity, reply, request }) => {
    if (!slack) return void notConfigured(reply);
    const user = identity.user!;
    const flow = query.state
      ? await takeSlackState(db, query.state, user.id, new Date())
      : undefined;
    if (!flow) {
      return void toAlerting(
        reply,
        undefined,
        'Could not add the Slack webhook: the installation expired or was started elsewhere. Please add it again.',
      );
    }
    // Roles may have changed during the install: adding a webhook is a member's write.
    const member = await findMemberOfTenant(db, flow.tenantId, user.id);
    if (!member || !roleAtLeast(member.role, 'MEMBER')) {
      return void toAlerting(
        reply,
        undefined,
        'Could not add the Slack webhook: you may no longer change that tenant’s alerting.',
      );
    }
    if (query.error !== undefined || query.code === undefined) {
      const reason =
        query.error === 'access_denied'
          ? 'the installation was cancelled in Slack.'
          : `Slack did not allow the installation (${query.error ?? 'no code was sent back'}).`;
      return void toAlerting(reply, flow.tenantId, `Could not add the Slack webhook: ${reason}`);
    }
    try {
      const webhook = await exchangeSlackCode(slack, query.code, callbackUrl);
      await upsertSlackWebhook(db, flow.tenantId, webhook);
    } catch (error) {
      request.log.warn({ err: error }, 'Slack install failed');
      return void toAlerting(
        reply,
        flow.tenantId,
        'Could not add the Slack webhook: Slack did not confirm the installation. Please try again.',
      );
    }
    toAlerting(reply, flow.tenantId);
  });
}
