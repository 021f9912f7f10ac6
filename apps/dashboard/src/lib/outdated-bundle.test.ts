import { describe, expect, it } from 'vitest';
import { isChunkLoadError, reloadUrlForUpdate } from './outdated-bundle';

describe('isChunkLoadError', () => {
  it('recognises the browsers’ dynamic import failures', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://x/assets/runs-abc.js',
      'error loading dynamically imported module: https://x/assets/a.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/a.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    }
  });

  it('ignores other errors', () => {
    expect(isChunkLoadError(new Error('Network Error'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('reloadUrlForUpdate', () => {
  it('adds updated=true and keeps the rest of the address', () => {
    expect(reloadUrlForUpdate('https://t.example/tenants/a/runs?x=1#top')).toBe(
      'https://t.example/tenants/a/runs?x=1&updated=true#top',
    );
  });

  it('gives nothing once the marker is there, so there is no second reload', () => {
    expect(reloadUrlForUpdate('https://t.example/tenants/a/runs?updated=true')).toBeUndefined();
  });
});
