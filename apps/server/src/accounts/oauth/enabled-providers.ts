import type { OAuthProvider } from '@trellis/api-contract';
import type { Config } from '../../config';
import { githubSignIn } from './github-sign-in';
import { googleSignIn } from './google-sign-in';
import type { SignInProvider } from './sign-in-provider';

export type SignInProviders = Partial<Record<OAuthProvider, SignInProvider>>;

/** The providers whose client is configured. */
export function enabledProviders(config: Config): SignInProviders {
  const { google, github } = config.oauth;
  return {
    ...(google.client ? { google: googleSignIn({ ...google, client: google.client }) } : {}),
    ...(github.client ? { github: githubSignIn({ ...github, client: github.client }) } : {}),
  };
}

/** The sign-in schemes `GET /meta` reports, in the order the sign-in page shows them. */
export function authSchemes(config: Config): string[] {
  const { google, github } = config.oauth;
  return ['basic', ...(google.client ? ['google'] : []), ...(github.client ? ['github'] : [])];
}
