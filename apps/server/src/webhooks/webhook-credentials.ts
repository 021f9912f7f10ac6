/**
 * A webhook's credentials (the password, API key or signing secret a request must prove it
 * knows) are stored sealed (sealed-box.ts), to be read back when a request arrives.
 */
import type { V1CreateWebhookRequest } from '@trellis/api-contract';
import type { Queryable } from '@trellis/db';
import { SealedBox, type Sealed } from '../sealed-box';

type AuthOf<T extends V1CreateWebhookRequest['authType']> = Extract<
  V1CreateWebhookRequest,
  { authType: T }
>['auth'];

/** The credentials of a webhook as it was created: its auth type with that type's fields. */
export type WebhookCredentials =
  | { authType: 'BASIC'; auth: AuthOf<'BASIC'> }
  | { authType: 'API_KEY'; auth: AuthOf<'API_KEY'> }
  | { authType: 'HMAC'; auth: AuthOf<'HMAC'> };

/** What the `auth` column holds: the credentials' JSON, sealed. */
export type SealedCredentials = Sealed;

/** Which webhook credentials belong to. */
interface WebhookKey {
  tenantId: string;
  name: string;
}

/**
 * The webhook's tenant and name are authenticated with the sealed credentials, so credentials
 * copied onto another webhook's row fail to open instead of letting that webhook accept
 * requests signed for the first one. Names cannot hold ':' (WEBHOOK_NAME_PATTERN).
 */
const associatedData = (webhook: WebhookKey) =>
  `incoming-webhook:${webhook.tenantId}:${webhook.name}`;

export class WebhookCredentialSealer {
  private readonly box: SealedBox;

  constructor(db: Queryable) {
    this.box = new SealedBox(db, 'webhook-credentials-key');
  }

  seal(webhook: WebhookKey, credentials: WebhookCredentials): Promise<SealedCredentials> {
    const plaintext = JSON.stringify({ authType: credentials.authType, auth: credentials.auth });
    return this.box.seal(plaintext, associatedData(webhook));
  }

  /** Throws when the sealed value was altered or belongs to another webhook. */
  async open(webhook: WebhookKey & { auth: SealedCredentials }): Promise<WebhookCredentials> {
    return JSON.parse(
      await this.box.open(webhook.auth, associatedData(webhook)),
    ) as WebhookCredentials;
  }
}
