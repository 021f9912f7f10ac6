import { STORAGE_KEYS } from './constants';
import { writeStorage } from './storage';

/**
 * Start-up rule (spec section 2): when the address carries a `ref` query parameter, keep
 * its value under the local storage key `ref`.
 */
export function rememberRefParam(search: string): void {
  const ref = new URLSearchParams(search).get('ref');
  if (ref !== null) writeStorage(STORAGE_KEYS.ref, ref);
}
