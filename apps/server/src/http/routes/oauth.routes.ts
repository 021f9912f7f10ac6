import {
  userUpdateGithubOauthCallback,
  userUpdateGithubOauthStart,
  userUpdateGoogleOauthCallback,
  userUpdateGoogleOauthStart,
  type EndpointDefinition,
  type OAuthProvider,
} from '@trellis/api-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EmailVerification } from '../../accounts/email-verification';
import type { SignInProviders } from '../../accounts/oauth/enabled-providers';
import { FLOW_TTL_SECONDS, type FlowCookie } from '../../accounts/oauth/flow-cookie';
import { accountForProfile } from '../../accounts/oauth/oauth-accounts';
import {
  newFlowChecks,
  PROVIDER_LABELS,
  SignInRefused,
} from '../../accounts/oauth/sign-in-provider';
import { notFound } from '../api-error';
import type { ApiRouter } from '../api-router';
import { startSession } from '../start-session';

const ENDPOINTS: Record<
  OAuthProvider,
  { start: EndpointDefinition; callback: EndpointDefinition }
> = {
  google: { start: userUpdateGoogleOauthStart, callback: userUpdateGoogleOauthCallback },
  github: { start: userUpdateGithubOauthStart, callback: userUpdateGithubOauthCallback },
};

const COOKIES_NEEDED =
  'Could not sign in. Please try again, and make sure cookies are enabled for this site.';

/**
 * Sign-in through Google and GitHub: browser navigations, answered with redirects. Start sends
 * the browser to the provider with the flow's checks in a cookie; the callback checks the
 * provider's answer against them, signs the account in (accounts/oauth/oauth-accounts.ts) and
 * goes to the dashboard. Every failure lands on the sign-in page with a sentence it shows.
 */
export function registerOAuthRoutes(
  api: ApiRouter,
  providers: SignInProviders,
  flowCookie: FlowCookie,
  emailVerification: EmailVerification,
): void {
  const { context } = api;
  const callbackUrl = (name: OAuthProvider) =>
    `${context.config.publicUrl}/api/v1/users/${name}/callback`;
  const cookieName = (name: OAuthProvider) => `trellis_oauth_${name}`;
  // Sent back only to the callback; Lax, because the provider's redirect is a top-level GET.
  const cookieOptions = (name: OAuthProvider) => ({
    path: `/api/v1/users/${name}/callback`,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: context.config.secureCookies,
  });

  const enabled = (name: OAuthProvider) => {
    const provider = providers[name];
    if (!provider) throw notFound(`${PROVIDER_LABELS[name]} sign-in is not enabled on this server`);
    return provider;
  };

  const toSignIn = (reply: FastifyReply, message: string) =>
    reply.header('location', `/auth/login?error=${encodeURIComponent(message)}`);

  /** The user's sentence for a failure; what went wrong in detail goes to the log. */
  const explain = (request: FastifyRequest, name: OAuthProvider, error: unknown) => {
    if (error instanceof SignInRefused) return error.message;
    request.log.warn({ err: error, provider: name }, 'OAuth sign-in failed');
    return `Could not sign in with ${PROVIDER_LABELS[name]}. Please try again.`;
  };

  for (const name of Object.keys(ENDPOINTS) as OAuthProvider[]) {
    api.handle(ENDPOINTS[name].start, async ({ request, reply }) => {
      const provider = enabled(name);
      const checks = newFlowChecks();
      try {
        const url = await provider.authorizationUrl(callbackUrl(name), checks);
        reply.setCookie(cookieName(name), await flowCookie.seal(name, checks), {
          ...cookieOptions(name),
          maxAge: FLOW_TTL_SECONDS,
        });
        reply.header('location', url.href);
      } catch (error) {
        toSignIn(reply, explain(request, name, error));
      }
    });

    api.handle(ENDPOINTS[name].callback, async ({ request, reply }) => {
      const provider = enabled(name);
      const sealed = request.cookies[cookieName(name)];
      // Each flow's cookie is good for one callback, whatever its outcome.
      reply.clearCookie(cookieName(name), cookieOptions(name));
      try {
        const checks = sealed ? await flowCookie.open(name, sealed) : undefined;
        if (!checks) throw new SignInRefused(COOKIES_NEEDED);
        // The address the provider redirected to, as openid-client compares it with what it sent.
        const queryStart = request.url.indexOf('?');
        const query = queryStart === -1 ? '' : request.url.slice(queryStart);
        const profile = await provider.profile(new URL(`${callbackUrl(name)}${query}`), checks);
        const { user, created } = await accountForProfile(context.db, name, profile, {
          verificationRequired: context.config.email.verificationRequired,
        });
        await startSession(context, reply, user);
        // As after a password registration: the new account's address is confirmed by link.
        if (created && !user.emailVerified) await emailVerification.send(user);
        reply.header('location', '/');
      } catch (error) {
        toSignIn(reply, explain(request, name, error));
      }
    });
  }
}
