import { z } from 'zod';
import {
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  calculatePKCECodeChallenge,
  Configuration,
  fetchProtectedResource,
} from 'openid-client';
import type { Config } from '../../config';
import { isPlainHttp, SignInRefused, type SignInProvider } from './sign-in-provider';

type GitHubConfig = Config['oauth']['github'];

const githubUserSchema = z.object({
  id: z.number(),
  login: z.string(),
  name: z.string().nullish(),
});

const githubEmailsSchema = z.array(
  z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }),
);

/**
 * GitHub through its OAuth 2 flow (GitHub is not an OpenID provider): openid-client runs the
 * code flow with state and PKCE against GitHub's endpoints, then the user and their emails come
 * from the REST API. Only the primary address, and only once GitHub has verified it, identifies
 * the user: a secondary or unverified address could belong to someone else.
 */
export function githubSignIn(config: GitHubConfig & { client: { id: string; secret: string } }) {
  const configuration = new Configuration(
    {
      issuer: config.url,
      authorization_endpoint: `${config.url}/login/oauth/authorize`,
      token_endpoint: `${config.url}/login/oauth/access_token`,
    },
    config.client.id,
    config.client.secret,
  );
  if (isPlainHttp(config.url, config.apiUrl)) allowInsecureRequests(configuration);

  const api = async <T>(accessToken: string, path: string, schema: z.ZodType<T>): Promise<T> => {
    const response = await fetchProtectedResource(
      configuration,
      accessToken,
      new URL(`${config.apiUrl}${path}`),
      'GET',
      undefined,
      new Headers({
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        // GitHub refuses API requests without a user agent.
        'user-agent': 'Trellis',
      }),
    );
    if (!response.ok) throw new Error(`GitHub answered ${response.status} to GET ${path}`);
    return schema.parse(await response.json());
  };

  const provider: SignInProvider = {
    name: 'github',
    async authorizationUrl(redirectUri, checks) {
      return buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'read:user user:email',
        state: checks.state,
        code_challenge: await calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async profile(callbackUrl, checks) {
      const tokens = await authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
      });
      const user = await api(tokens.access_token, '/user', githubUserSchema);
      const emails = await api(tokens.access_token, '/user/emails', githubEmailsSchema);
      const primary = emails.find((email) => email.primary && email.verified);
      if (!primary) {
        throw new SignInRefused(
          'Your GitHub account has no verified primary email address. Verify it on GitHub, then sign in again.',
        );
      }
      return {
        subject: String(user.id),
        email: primary.email.toLowerCase(),
        emailVerified: true,
        name: user.name || user.login,
      };
    },
  };
  return provider;
}
