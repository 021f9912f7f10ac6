import { defineEndpoint } from '../endpoint';
import { oauthCallbackQuerySchema } from '../oauth';

/**
 * Start and callback of one provider's sign-in: browser navigations answered with redirects,
 * named as Hatchet names them (`userUpdateGoogleOauthStart`, ...).
 */
function signInEndpoints(provider: {
  /** As in the operation ids. */
  name: 'Google' | 'Github';
  label: string;
  protocol: string;
  callbackSummary: string;
}) {
  const base = {
    method: 'GET',
    tag: 'User',
    auth: 'none',
    rateLimited: true,
    responses: { 302: null },
  } as const;
  const path = `/api/v1/users/${provider.name.toLowerCase()}`;
  return {
    start: defineEndpoint({
      ...base,
      operationId: `userUpdate${provider.name}OauthStart`,
      path: `${path}/start`,
      summary: `Start signing in with ${provider.label} (${provider.protocol}); a browser navigation`,
      redirect:
        "To the provider's sign-in page; the flow's state travels in a short-lived cookie. 404 when the provider is not enabled",
    }),
    callback: defineEndpoint({
      ...base,
      operationId: `userUpdate${provider.name}OauthCallback`,
      path: `${path}/callback`,
      summary: provider.callbackSummary,
      query: oauthCallbackQuerySchema,
      redirect: 'Into the dashboard, signed in; on any failure to `/auth/login?error=<message>`',
    }),
  };
}

export const { start: userUpdateGoogleOauthStart, callback: userUpdateGoogleOauthCallback } =
  signInEndpoints({
    name: 'Google',
    label: 'Google',
    protocol: 'OpenID Connect, PKCE',
    callbackSummary:
      "Google's redirect back: checks the answer and the ID token, then signs the user in",
  });

export const { start: userUpdateGithubOauthStart, callback: userUpdateGithubOauthCallback } =
  signInEndpoints({
    name: 'Github',
    label: 'GitHub',
    protocol: 'OAuth 2, PKCE',
    callbackSummary:
      "GitHub's redirect back: exchanges the code, reads the primary verified email, then signs the user in",
  });
