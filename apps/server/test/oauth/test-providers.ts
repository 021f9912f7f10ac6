import { startGitHubTestServer } from './github-test-server';
import { startOidcTestProvider } from './oidc-test-provider';

const GOOGLE_CLIENT = { clientId: 'trellis-google', clientSecret: 'google-secret' };
const GITHUB_CLIENT = { clientId: 'trellis-github', clientSecret: 'github-secret' };

/**
 * Both sign-in providers on loopback (a real OpenID provider in Google's place, a stand-in for
 * GitHub) and the server environment that enables them.
 */
export async function startTestProviders() {
  const oidc = await startOidcTestProvider();
  const github = await startGitHubTestServer(GITHUB_CLIENT);
  return {
    oidc,
    github,
    env: {
      TRELLIS_GOOGLE_ISSUER_URL: oidc.issuer,
      TRELLIS_GOOGLE_CLIENT_ID: GOOGLE_CLIENT.clientId,
      TRELLIS_GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.clientSecret,
      TRELLIS_GITHUB_URL: github.url,
      TRELLIS_GITHUB_API_URL: github.url,
      TRELLIS_GITHUB_CLIENT_ID: GITHUB_CLIENT.clientId,
      TRELLIS_GITHUB_CLIENT_SECRET: GITHUB_CLIENT.clientSecret,
    },
    /** Registers the server at `publicUrl` with the OpenID provider, once that address is known. */
    connect(publicUrl: string) {
      oidc.registerClient({
        ...GOOGLE_CLIENT,
        redirectUri: `${publicUrl}/api/v1/users/google/callback`,
      });
    },
    async close() {
      await oidc.close();
      await github.close();
    },
  };
}
