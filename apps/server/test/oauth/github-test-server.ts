import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GitHubTestAccount {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

interface PendingCode {
  account: GitHubTestAccount;
  redirectUri: string;
  codeChallenge: string | null;
}

/**
 * A local HTTP server answering GitHub's OAuth endpoints (authorize, access_token) and the REST
 * calls sign-in makes (`/user`, `/user/emails`) the way GitHub does: the authorize page approves
 * `nextAccount` at once; codes are single-use and PKCE-checked; a refused code exchange is a
 * 200 with an `error` field, as GitHub answers it.
 */
export async function startGitHubTestServer(options: { clientId: string; clientSecret: string }) {
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, GitHubTestAccount>();
  const state = {
    url: '',
    nextAccount: undefined as GitHubTestAccount | undefined,
  };

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };

  const authorize = (url: URL, response: ServerResponse) => {
    const query = url.searchParams;
    const redirectUri = query.get('redirect_uri');
    if (query.get('client_id') !== options.clientId || !redirectUri || !state.nextAccount) {
      return json(response, 400, { error: 'bad authorize request' });
    }
    const code = randomBytes(10).toString('hex');
    codes.set(code, {
      account: state.nextAccount,
      redirectUri,
      codeChallenge: query.get('code_challenge'),
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', query.get('state') ?? '');
    response.writeHead(302, { location: back.href });
    response.end();
  };

  const exchange = async (request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    const form = new URLSearchParams(text);
    const pending = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const refusal =
      form.get('client_id') !== options.clientId ||
      form.get('client_secret') !== options.clientSecret
        ? 'incorrect_client_credentials'
        : !pending ||
            pending.redirectUri !== form.get('redirect_uri') ||
            pending.codeChallenge !== challenge
          ? 'bad_verification_code'
          : undefined;
    if (refusal || !pending) return json(response, 200, { error: refusal });
    const token = `gho_${randomBytes(16).toString('hex')}`;
    tokens.set(token, pending.account);
    json(response, 200, {
      access_token: token,
      token_type: 'bearer',
      scope: 'read:user,user:email',
    });
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', state.url);
    if (request.method === 'GET' && url.pathname === '/login/oauth/authorize')
      return authorize(url, response);
    if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      exchange(request, response).catch(() => json(response, 500, {}));
      return;
    }
    const account = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!account) return json(response, 401, { message: 'Requires authentication' });
    if (url.pathname === '/user') {
      return json(response, 200, { id: account.id, login: account.login, name: account.name });
    }
    if (url.pathname === '/user/emails') {
      return json(
        response,
        200,
        account.emails.map((email) => ({ ...email, visibility: email.primary ? 'private' : null })),
      );
    }
    json(response, 404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(state, {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
