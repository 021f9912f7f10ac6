/**
 * Slack's OAuth v2 install of an incoming webhook: the authorize URL, and the code exchanged at
 * `oauth.v2.access` for the webhook Slack made.
 *
 * Why not openid-client, which runs Google and GitHub sign-in: its token exchange accepts only
 * `bearer` and `DPoP` tokens and offers no way to recognise others, and Slack's answer is a
 * `"token_type": "bot"` token (refused as unsupported) carrying the webhook beside it; Slack
 * also reports a refused code as a 200 with `"ok": false`. The exchange is one form POST, so it
 * is done here and its answer checked strictly. The state is checked by the caller against the
 * server-side copy (slack-oauth-state.queries.ts); the bot token is not kept (posting to the
 * webhook needs none).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/** How long Slack has to answer the exchange. */
const EXCHANGE_TIMEOUT_MS = 10_000;

export interface SlackApp {
  client: { id: string; secret: string };
  /** `https://slack.com`, or a stand-in in tests. */
  url: string;
}

/** What an install gives: the channel's webhook and where it is. */
export interface InstalledWebhook {
  url: string;
  channelId: string;
  channelName: string;
  teamId: string;
  teamName: string;
}

const accessResponseSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    team: z.object({ id: z.string().min(1), name: z.string().min(1) }),
    incoming_webhook: z.object({
      url: z.url({ protocol: /^https?$/ }),
      channel: z.string().min(1),
      channel_id: z.string().min(1),
    }),
  }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

export function newSlackState(): string {
  return randomBytes(32).toString('base64url');
}

export function slackAuthorizeUrl(app: SlackApp, redirectUri: string, state: string): URL {
  const url = new URL('/oauth/v2/authorize', app.url);
  url.searchParams.set('client_id', app.client.id);
  url.searchParams.set('scope', 'incoming-webhook');
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url;
}

/** Exchanges the callback's code for the webhook Slack made; throws on anything unexpected. */
export async function exchangeSlackCode(
  app: SlackApp,
  code: string,
  redirectUri: string,
): Promise<InstalledWebhook> {
  const response = await fetch(new URL('/api/oauth.v2.access', app.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      client_id: app.client.id,
      client_secret: app.client.secret,
      code,
      redirect_uri: redirectUri,
    }),
    redirect: 'error',
    signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Slack answered ${response.status} to oauth.v2.access`);
  const parsed = accessResponseSchema.safeParse(await response.json());
  if (!parsed.success)
    throw new Error(`unexpected oauth.v2.access answer: ${parsed.error.issues[0]?.message}`);
  const answer = parsed.data;
  if (!answer.ok) throw new Error(`Slack refused the code: ${answer.error}`);
  const webhook = answer.incoming_webhook;
  // Slack's webhooks are https; plain http only from a stand-in at a plain http address.
  if (!webhook.url.startsWith('https://') && !app.url.startsWith('http://'))
    throw new Error('Slack answered a webhook URL that is not https');
  return {
    url: webhook.url,
    channelId: webhook.channel_id,
    channelName: webhook.channel,
    teamId: answer.team.id,
    teamName: answer.team.name,
  };
}
