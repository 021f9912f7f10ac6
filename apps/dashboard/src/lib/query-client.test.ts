import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('never retries client errors', () => {
    expect(shouldRetry(0, new ApiError({ kind: 'http', status: 400 }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ kind: 'http', status: 403 }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ kind: 'http', status: 404 }))).toBe(false);
  });

  it('retries server and network failures twice', () => {
    const error = new ApiError({ kind: 'http', status: 503 });
    expect(shouldRetry(0, error)).toBe(true);
    expect(shouldRetry(1, error)).toBe(true);
    expect(shouldRetry(2, error)).toBe(false);
    expect(shouldRetry(0, new ApiError({ kind: 'network' }))).toBe(true);
    expect(shouldRetry(0, new ApiError({ kind: 'timeout' }))).toBe(true);
  });

  it('does not retry aborted requests or unknown errors', () => {
    expect(shouldRetry(0, new ApiError({ kind: 'aborted' }))).toBe(false);
    expect(shouldRetry(0, new Error('x'))).toBe(false);
  });
});
