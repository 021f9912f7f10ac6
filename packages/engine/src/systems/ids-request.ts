import { Deferred } from '../tick/deferred';
import type { Operation } from '../tick/system';
import { assertUuid } from '../validation';

/** A request naming tasks by their external ids or runs by their ids (cancel, replay). */
export interface IdsOp extends Operation<string[]> {
  tenantId: string;
  ids: string[];
}

/** Checks the ids and builds the operation; undefined when there is nothing to do. */
export function idsOp(tenantId: string, ids: readonly string[]): IdsOp | undefined {
  for (const id of ids) assertUuid(id, 'id');
  if (ids.length === 0) return undefined;
  return { tenantId, ids: [...ids], done: new Deferred<string[]>() };
}
