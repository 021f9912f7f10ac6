import { BufferedSystem, type Operation } from '../tick/system';
import { assertUuid } from '../validation';

/** A request naming tasks by their external ids or runs by their ids (cancel, replay). */
export interface IdsOp extends Operation<string[]> {
  tenantId: string;
  ids: string[];
  /** Why, when the engine itself asks (a concurrency strategy's cancellation). */
  message?: string;
}

/** A kind whose callers name tasks or runs and get back the external ids of the tasks it acted on. */
export abstract class IdsRequestSystem extends BufferedSystem<IdsOp, string[]> {
  request(tenantId: string, ids: readonly string[]): Promise<string[]> {
    for (const id of ids) assertUuid(id, 'id');
    if (ids.length === 0) return Promise.resolve([]);
    return this.pushAwaited({ tenantId, ids: [...ids] });
  }
}
