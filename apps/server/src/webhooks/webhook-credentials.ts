/**
 * A webhook's credentials (the password, API key or signing secret a request must prove it
 * knows) are sealed with AES-256-GCM before they are stored, so a copy of the webhooks table
 * (an export, a query result in a log, a restored table backup) does not give them away. The
 * key lives in server_secrets, shared by every server process; a dump of the whole database
 * holds the key too, so this does not protect against that.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { V1CreateWebhookRequest } from '@trellis/api-contract';
import type { Queryable } from '@trellis/db';
import { getOrCreateSecret } from '../accounts/server-secrets';

type AuthOf<T extends V1CreateWebhookRequest['authType']> = Extract<
  V1CreateWebhookRequest,
  { authType: T }
>['auth'];

/** The credentials of a webhook as it was created: its auth type with that type's fields. */
export type WebhookCredentials =
  | { authType: 'BASIC'; auth: AuthOf<'BASIC'> }
  | { authType: 'API_KEY'; auth: AuthOf<'API_KEY'> }
  | { authType: 'HMAC'; auth: AuthOf<'HMAC'> };

/** What the `auth` column holds: base64 of the nonce, the authentication tag and the sealed JSON. */
export interface SealedCredentials {
  iv: string;
  tag: string;
  ciphertext: string;
}

/** Which webhook credentials belong to. */
interface WebhookKey {
  tenantId: string;
  name: string;
}

const KEY_SECRET_NAME = 'webhook-credentials-key';
const ALGORITHM = 'aes-256-gcm';

/**
 * The webhook's tenant and name are authenticated with the sealed credentials, so credentials
 * copied onto another webhook's row fail to open instead of letting that webhook accept
 * requests signed for the first one. Names cannot hold ':' (WEBHOOK_NAME_PATTERN).
 */
const associatedData = (webhook: WebhookKey) =>
  Buffer.from(`incoming-webhook:${webhook.tenantId}:${webhook.name}`);

export class WebhookCredentialSealer {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly db: Queryable) {}

  async seal(webhook: WebhookKey, credentials: WebhookCredentials): Promise<SealedCredentials> {
    const iv = randomBytes(12);
    const cipher = createCipheriv(ALGORITHM, await this.loadKey(), iv);
    cipher.setAAD(associatedData(webhook));
    const plaintext = JSON.stringify({ authType: credentials.authType, auth: credentials.auth });
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return {
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      ciphertext: ciphertext.toString('base64'),
    };
  }

  /** Throws when the sealed value was altered or belongs to another webhook. */
  async open(webhook: WebhookKey & { auth: SealedCredentials }): Promise<WebhookCredentials> {
    const decipher = createDecipheriv(
      ALGORITHM,
      await this.loadKey(),
      Buffer.from(webhook.auth.iv, 'base64'),
    );
    decipher.setAAD(associatedData(webhook));
    decipher.setAuthTag(Buffer.from(webhook.auth.tag, 'base64'));
    const plaintext = Buffer.concat([
      decipher.update(Buffer.from(webhook.auth.ciphertext, 'base64')),
      decipher.final(),
    ]);
    return JSON.parse(plaintext.toString('utf8')) as WebhookCredentials;
  }

  /** Read once per process; a failed read is retried by the next call. */
  private loadKey(): Promise<Buffer> {
    this.key ??= getOrCreateSecret(this.db, KEY_SECRET_NAME, () =>
      randomBytes(32).toString('base64'),
    ).then(
      (encoded) => Buffer.from(encoded, 'base64'),
      (error: unknown) => {
        this.key = undefined;
        throw error;
      },
    );
    return this.key;
  }
}
