/**
 * Values the server must read back (a webhook's credentials, a webhook worker's signing secret)
 * are stored sealed with AES-256-GCM rather than in the clear, so a copy of their table (an
 * export, a query result in a log, a restored table backup) does not give them away. Each kind
 * has its own key in server_secrets, shared by every server process; a dump of the whole
 * database holds the keys too, so this does not protect against that.
 *
 * The associated data names the row a value belongs to: a value copied onto another row fails
 * to open instead of serving that row.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Queryable } from '@trellis/db';
import { getOrCreateSecret } from './accounts/server-secrets';

/** Base64 of the nonce, the authentication tag and the sealed value. */
export interface Sealed {
  iv: string;
  tag: string;
  ciphertext: string;
}

const ALGORITHM = 'aes-256-gcm';

export class SealedBox {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly db: Queryable,
    /** The key's name in server_secrets. */
    private readonly keyName: string,
  ) {}

  async seal(plaintext: string, associatedData: string): Promise<Sealed> {
    const iv = randomBytes(12);
    const cipher = createCipheriv(ALGORITHM, await this.loadKey(), iv);
    cipher.setAAD(Buffer.from(associatedData));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return {
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      ciphertext: ciphertext.toString('base64'),
    };
  }

  /** Throws when the sealed value was altered or belongs to another row. */
  async open(sealed: Sealed, associatedData: string): Promise<string> {
    const decipher = createDecipheriv(
      ALGORITHM,
      await this.loadKey(),
      Buffer.from(sealed.iv, 'base64'),
    );
    decipher.setAAD(Buffer.from(associatedData));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([
      decipher.update(Buffer.from(sealed.ciphertext, 'base64')),
      decipher.final(),
    ]).toString('utf8');
  }

  /** Read once per process; a failed read is retried by the next call. */
  private loadKey(): Promise<Buffer> {
    this.key ??= getOrCreateSecret(this.db, this.keyName, () =>
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
