import type { OAuthProvider } from '@trellis/api-contract';
import { randomNonce, randomPKCECodeVerifier, randomState } from 'openid-client';

/** What the callback must find again: the state, the ID token's nonce and the PKCE verifier. */
export interface FlowChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Who the provider says signed in. */
export interface ProviderProfile {
  /** The provider's stable id of the account (OIDC `sub`, GitHub's numeric id). */
  subject: string;
  /** Lower-cased, as every address Trellis stores. */
  email: string;
  /** The provider vouches that the address belongs to this account. */
  emailVerified: boolean;
  name: string | null;
}

/** One way to sign in through a provider: where to send the browser, and reading its answer. */
export interface SignInProvider {
  readonly name: OAuthProvider;
  authorizationUrl(redirectUri: string, checks: FlowChecks): Promise<URL>;
  /** Checks the provider's redirect back (`callbackUrl`), exchanges the code and reads the user. */
  profile(callbackUrl: URL, checks: FlowChecks): Promise<ProviderProfile>;
}

/** How each provider is named in messages to the user. */
export const PROVIDER_LABELS: Record<OAuthProvider, string> = {
  google: 'Google',
  github: 'GitHub',
};

/** A sign-in that must not go on, with the sentence the sign-in page shows. */
export class SignInRefused extends Error {}

export function newFlowChecks(): FlowChecks {
  return { state: randomState(), nonce: randomNonce(), codeVerifier: randomPKCECodeVerifier() };
}

/** Plain-http provider URLs are for tests and local providers; openid-client refuses them unless told. */
export function isPlainHttp(...urls: string[]): boolean {
  return urls.some((url) => url.startsWith('http://'));
}
