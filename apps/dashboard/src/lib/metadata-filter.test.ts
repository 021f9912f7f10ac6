import { describe, expect, it } from 'vitest';
import { metadataEntries, metadataValueText, withMetadataFilter } from './metadata-filter';

describe('metadata filter', () => {
  it('replaces an entry with the same key and ignores bad keys', () => {
    expect(withMetadataFilter(['env:dev', 'team:a'], 'env', 'prod')).toEqual([
      'team:a',
      'env:prod',
    ]);
    expect(withMetadataFilter(['env:dev'], ' ', 'x')).toEqual(['env:dev']);
    expect(withMetadataFilter([], 'a:b', 'x')).toEqual([]);
  });

  it('shows values as text and keeps only key:value entries', () => {
    expect(metadataValueText({ a: 1 })).toBe('{"a":1}');
    expect(metadataValueText(null)).toBe('null');
    expect(metadataValueText(3)).toBe('3');
    expect(metadataEntries(['env:prod', ':x', 'plain', 4])).toEqual(['env:prod']);
    expect(metadataEntries('env:prod')).toEqual([]);
  });
});
