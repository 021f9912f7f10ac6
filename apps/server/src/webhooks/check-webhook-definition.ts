/** Checks on a webhook's definition when it is created or changed, each refusal naming its field. */
import type { V1WebhookSourceName } from '@trellis/api-contract';
import { compileError, WEBHOOK } from '@trellis/cel';
import { badRequest } from '../http/api-error';
import { isSvixSecret } from './verify-signature';
import type { WebhookCredentials } from './webhook-credentials';

/** Refuses an expression that would fail every request it is evaluated on. */
export function checkExpressionCompiles(
  expression: string,
  field: 'eventKeyExpression' | 'scopeExpression',
): void {
  const error = compileError(WEBHOOK, expression);
  if (error) throw badRequest(`${field} does not compile: ${error}`, field);
}

/** Providers sign with a secret of theirs, so their webhooks take HMAC credentials. */
export function checkCredentialsFitSource(
  source: V1WebhookSourceName,
  credentials: WebhookCredentials,
): void {
  if (source === 'GENERIC') return;
  if (credentials.authType !== 'HMAC') {
    throw badRequest(
      `${source} webhooks are verified with the provider's signing secret: use authType HMAC with auth.signingSecret`,
      'authType',
    );
  }
  if (source === 'SVIX' && !isSvixSecret(credentials.auth.signingSecret)) {
    throw badRequest(
      'a Svix signing secret is whsec_ followed by the base64 of the key',
      'auth.signingSecret',
    );
  }
}
