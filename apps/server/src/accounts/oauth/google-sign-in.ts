import {
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  calculatePKCECodeChallenge,
  type Configuration,
  discovery,
  enableNonRepudiationChecks,
} from 'openid-client';
import type { Config } from '../../config';
import { isPlainHttp, SignInRefused, type SignInProvider } from './sign-in-provider';

type GoogleConfig = Config['oauth']['google'];

/**
 * Google (or any OpenID provider at `issuerUrl`) through OpenID Connect: discovery, the
 * authorization code flow with PKCE, state and nonce, and the ID token checked by openid-client
 * (issuer, audience, expiry, nonce, and its signature against the provider's keys).
 */
export function googleSignIn(config: GoogleConfig & { client: { id: string; secret: string } }) {
  let discovered: Promise<Configuration> | undefined;
  // Discovered at the first sign-in rather than at start-up, so that a provider that cannot be
  // reached does not stop the server; a failed discovery is tried again by the next sign-in.
  const configuration = () => {
    discovered ??= discovery(
      new URL(config.issuerUrl),
      config.client.id,
      config.client.secret,
      undefined,
      {
        execute: [
          enableNonRepudiationChecks,
          ...(isPlainHttp(config.issuerUrl) ? [allowInsecureRequests] : []),
        ],
      },
    ).catch((error: unknown) => {
      discovered = undefined;
      throw error;
    });
    return discovered;
  };

  const provider: SignInProvider = {
    name: 'google',
    async authorizationUrl(redirectUri, checks) {
      return buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async profile(callbackUrl, checks) {
      const tokens = await authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      // Google puts the address in the ID token when the `email` scope is granted.
      const claims = tokens.claims()!;
      if (typeof claims.email !== 'string' || claims.email === '') {
        throw new SignInRefused('Google did not share your email address, which Trellis needs.');
      }
      return {
        subject: claims.sub,
        email: claims.email.toLowerCase(),
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : null,
      };
    },
  };
  return provider;
}
