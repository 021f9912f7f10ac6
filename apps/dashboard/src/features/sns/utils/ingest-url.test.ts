import { describe, expect, it } from 'vitest';
import { ingestEventKey } from './ingest-url';

describe('ingestEventKey', () => {
  it('is the last segment of the URL', () => {
    expect(ingestEventKey('https://trellis.example.com/api/v1/sns/t1/sns-event')).toBe('sns-event');
    expect(ingestEventKey('http://127.0.0.1:8080/api/v1/sns/t1/orders%3Apaid?x=1')).toBe(
      'orders:paid',
    );
  });
});
