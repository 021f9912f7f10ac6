import { tooManyRequests } from '../http/api-error';
import { ResourceLimitExceeded } from './resource-limits';

/** A limit's refusal as the reference answers it on most REST routes: 429 with its message. */
export async function limitRefusalsAs429<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ResourceLimitExceeded) throw tooManyRequests(error.message);
    throw error;
  }
}
