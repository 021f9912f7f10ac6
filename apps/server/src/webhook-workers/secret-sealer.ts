/**
 * A webhook worker's signing secret must be read back to sign each request, so it is stored
 * sealed (sealed-box.ts) rather than hashed.
 */
import type { Queryable } from '@trellis/db';
import { SealedBox, type Sealed } from '../sealed-box';

export type SealedSecret = Sealed;

/** A secret copied onto another worker's row fails to open rather than sign for it. */
const associatedData = (worker: { tenantId: string; id: string }) =>
  `webhook-worker:${worker.tenantId}:${worker.id}`;

export class WebhookWorkerSecretSealer {
  private readonly box: SealedBox;

  constructor(db: Queryable) {
    this.box = new SealedBox(db, 'webhook-worker-secret-key');
  }

  seal(worker: { tenantId: string; id: string }, secret: string): Promise<SealedSecret> {
    return this.box.seal(secret, associatedData(worker));
  }

  /** Throws when the sealed value was altered or belongs to another worker. */
  open(worker: { tenantId: string; id: string; secret: SealedSecret }): Promise<string> {
    return this.box.open(worker.secret, associatedData(worker));
  }
}
