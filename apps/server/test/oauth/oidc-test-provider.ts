import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type InteractionResults } from 'oidc-provider';

export interface TestAccount {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface TestClientRegistration {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/**
 * A real OpenID provider (the `oidc-provider` package) on a free loopback port. Its issuer is
 * known once it listens; `registerClient` then sets up the provider with its one client (the
 * app's redirect URI may depend on the issuer, or on a port chosen later). Its sign-in and
 * consent screens are replaced by an interaction that signs in `nextAccount` at once and grants
 * what was asked, so a test drives the whole flow with plain HTTP redirects, from fetch or from
 * a browser. ID tokens carry the email claims, as Google's do; PKCE is required.
 */
export async function startOidcTestProvider() {
  const accounts = new Map<string, TestAccount>();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' };
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let provider: Provider | undefined;
  let handle: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;

  const createProvider = (client: TestClientRegistration) =>
    new Provider(issuer, {
      clients: [
        {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          redirect_uris: [client.redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [signingKey] },
      cookies: { keys: ['oidc-test-provider-cookie-key'] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      conformIdTokenClaims: false,
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 600,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
      },
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx, subject) => {
        const account = accounts.get(subject);
        if (!account) return undefined;
        return {
          accountId: subject,
          claims: () => ({
            sub: subject,
            email: account.email,
            email_verified: account.emailVerified,
            name: account.name,
          }),
        };
      },
    });

  const state = {
    issuer,
    /** Who the next sign-in at this provider is. */
    nextAccount: undefined as TestAccount | undefined,
  };

  const interact = async (
    provider: Provider,
    request: IncomingMessage,
    response: ServerResponse,
  ) => {
    const details = await provider.interactionDetails(request, response);
    let result: InteractionResults;
    if (details.prompt.name === 'login') {
      const account = state.nextAccount;
      if (!account) throw new Error('set nextAccount before signing in at the test provider');
      accounts.set(account.subject, account);
      result = { login: { accountId: account.subject } };
    } else {
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: details.params['client_id'] as string,
      });
      const missing = details.prompt.details['missingOIDCScope'] as string[] | undefined;
      if (missing) grant.addOIDCScope(missing.join(' '));
      result = { consent: { grantId: await grant.save() } };
    }
    await provider.interactionFinished(request, response, result, {
      mergeWithLastSubmission: false,
    });
  };

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!provider || !handle) {
      response.statusCode = 503;
      response.end('no client registered yet');
      return;
    }
    if (!request.url?.startsWith('/interaction/')) return handle(request, response);
    interact(provider, request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });

  return Object.assign(state, {
    registerClient(client: TestClientRegistration) {
      provider = createProvider(client);
      handle = provider.callback();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
