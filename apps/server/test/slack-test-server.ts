import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SlackWebhook } from '@trellis/api-contract';
import type { TestClient } from './test-app';

export const SLACK_CLIENT_ID = '1234567890.0987654321';
export const SLACK_CLIENT_SECRET = 'slack-test-client-secret';

/** Where the next install puts its webhook, as Slack's install page would let the user choose. */
export interface SlackTestInstall {
  teamId: string;
  teamName: string;
  channelId: string;
  channelName: string;
  /** The webhook URL Slack answers; by default one of this server's own. */
  webhookUrl?: string;
  /** The user presses Cancel on Slack's page. */
  deny?: boolean;
}

/** A message posted to one of the stand-in's webhooks. */
export interface SlackPost {
  /** The webhook's path, `/services/...`. */
  path: string;
  body: { text: string; blocks: { type: string; [key: string]: unknown }[] };
}

interface PendingCode {
  install: SlackTestInstall;
  redirectUri: string;
}

/**
 * A local HTTP server in Slack's place: the OAuth v2 authorize page (which approves `nextInstall`
 * at once and redirects back), `oauth.v2.access` (single-use codes, checked client credentials
 * and redirect URI; refusals as Slack sends them, a 200 with `ok: false`) answering a bot token
 * with the incoming webhook, and the webhooks themselves, which keep what is posted. A webhook
 * answers `ok`, or the status `failWith` sets for it.
 */
export async function startSlackTestServer() {
  const codes = new Map<string, PendingCode>();
  const posts: SlackPost[] = [];
  const waiters: (() => void)[] = [];
  const state = {
    url: '',
    nextInstall: {
      teamId: 'T0TEST',
      teamName: 'Test Workspace',
      channelId: 'C0ALERTS',
      channelName: '#alerts',
    } as SlackTestInstall,
    /** Status a webhook path answers instead of 200 (e.g. 500, 404). */
    failWith: new Map<string, number>(),
    /** Every POST a webhook received, accepted or not. */
    attempts: [] as string[],
  };

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  const readBody = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    return text;
  };

  const authorize = (url: URL, response: ServerResponse) => {
    const query = url.searchParams;
    const redirectUri = query.get('redirect_uri');
    if (
      query.get('client_id') !== SLACK_CLIENT_ID ||
      query.get('scope') !== 'incoming-webhook' ||
      !redirectUri
    ) {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end('bad authorize request');
      return;
    }
    const back = new URL(redirectUri);
    if (state.nextInstall.deny) {
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = randomBytes(10).toString('hex');
      codes.set(code, { install: state.nextInstall, redirectUri });
      back.searchParams.set('code', code);
    }
    back.searchParams.set('state', query.get('state') ?? '');
    response.writeHead(302, { location: back.href });
    response.end();
  };

  const access = async (request: IncomingMessage, response: ServerResponse) => {
    const form = new URLSearchParams(await readBody(request));
    const code = form.get('code') ?? '';
    const pending = codes.get(code);
    codes.delete(code);
    if (
      form.get('client_id') !== SLACK_CLIENT_ID ||
      form.get('client_secret') !== SLACK_CLIENT_SECRET
    ) {
      return json(response, 200, { ok: false, error: 'invalid_client_id' });
    }
    if (!pending) return json(response, 200, { ok: false, error: 'invalid_code' });
    if (pending.redirectUri !== form.get('redirect_uri')) {
      return json(response, 200, { ok: false, error: 'bad_redirect_uri' });
    }
    const { install } = pending;
    json(response, 200, {
      ok: true,
      app_id: 'A0TEST',
      authed_user: { id: 'U0INSTALLER' },
      scope: 'incoming-webhook',
      token_type: 'bot',
      access_token: `xoxb-${randomBytes(12).toString('hex')}`,
      bot_user_id: 'U0BOT',
      team: { id: install.teamId, name: install.teamName },
      enterprise: null,
      is_enterprise_install: false,
      incoming_webhook: {
        channel: install.channelName,
        channel_id: install.channelId,
        configuration_url: `${state.url}/services/B0CONFIG`,
        url:
          install.webhookUrl ??
          `${state.url}/services/${install.teamId}/B${randomBytes(4).toString('hex')}/${randomBytes(12).toString('hex')}`,
      },
    });
  };

  const webhook = async (path: string, request: IncomingMessage, response: ServerResponse) => {
    const text = await readBody(request);
    state.attempts.push(path);
    const status = state.failWith.get(path);
    if (status !== undefined) {
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status >= 500 ? 'rollup_error' : 'no_service');
      return;
    }
    let body: SlackPost['body'];
    try {
      body = JSON.parse(text) as SlackPost['body'];
    } catch {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end('invalid_payload');
      return;
    }
    posts.push({ path, body });
    waiters.splice(0).forEach((wake) => wake());
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('ok');
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', state.url);
    const fail = () => json(response, 500, { ok: false, error: 'stand-in failed' });
    if (request.method === 'GET' && url.pathname === '/oauth/v2/authorize') {
      return authorize(url, response);
    }
    if (request.method === 'POST' && url.pathname === '/api/oauth.v2.access') {
      return void access(request, response).catch(fail);
    }
    if (request.method === 'POST' && url.pathname.startsWith('/services/')) {
      return void webhook(url.pathname, request, response).catch(fail);
    }
    json(response, 404, { ok: false, error: 'unknown_method' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(state, {
    posts,
    /** A Trellis server's settings for this Slack. */
    env: () => ({
      TRELLIS_SLACK_CLIENT_ID: SLACK_CLIENT_ID,
      TRELLIS_SLACK_CLIENT_SECRET: SLACK_CLIENT_SECRET,
      TRELLIS_SLACK_URL: state.url,
    }),
    /** Resolves with the next message posted to a webhook `matching`, waiting up to 15 s. */
    async nextPost(matching: (post: SlackPost) => boolean): Promise<SlackPost> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const found = posts.find(matching);
        if (found) {
          posts.splice(posts.indexOf(found), 1);
          return found;
        }
        if (Date.now() > deadline) throw new Error('no Slack message arrived within 15 s');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/**
 * Follows Slack's authorize page back to Trellis's callback as a browser would: answers the
 * callback's path and query, for the signed-in client to call.
 */
export async function authorizeAtSlack(authorizeUrl: string): Promise<string> {
  const response = await fetch(authorizeUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) {
    throw new Error(`Slack's authorize page answered ${response.status}: ${await response.text()}`);
  }
  const callback = new URL(location);
  return `${callback.pathname}${callback.search}`;
}

/**
 * Adds a Slack webhook to the tenant through the whole install (start, Slack's page, callback)
 * as `client`'s user, with the stand-in's `nextInstall`; answers the webhook stored.
 */
export async function installSlackWebhook(
  client: TestClient,
  tenantId: string,
): Promise<SlackWebhook> {
  const start = await client.get(`/api/v1/tenants/${tenantId}/slack/start`);
  if (start.status !== 302) throw new Error(`slack start answered ${start.status}`);
  const callback = await client.get(await authorizeAtSlack(start.raw.headers.location as string));
  const location = callback.raw.headers.location as string;
  if (location !== `/tenants/${tenantId}/tenant-settings/alerting`) {
    throw new Error(`the install failed: ${location}`);
  }
  const list = await client.get<{ rows: SlackWebhook[] }>(`/api/v1/tenants/${tenantId}/slack`);
  // The one just stored (a channel installed again keeps its row, with a newer update time).
  return list.body.rows.reduce((last, row) =>
    row.metadata.updatedAt > last.metadata.updatedAt ? row : last,
  );
}
