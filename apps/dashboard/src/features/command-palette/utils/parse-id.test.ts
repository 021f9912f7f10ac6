import { describe, expect, it } from 'vitest';
import { parseEntityId } from './parse-id';

const RUN = '3f2b8c1e-9a4d-4e2f-8b1a-0c9d8e7f6a5b';
const TENANT = '707d0855-80ab-4e1f-a156-f1c4546cbf52';

describe('parseEntityId', () => {
  it('reads a bare id, trimmed and lower-cased', () => {
    expect(parseEntityId(`  ${RUN.toUpperCase()}\n`)).toBe(RUN);
  });

  it('reads the run id out of a pasted link, not the tenant id', () => {
    expect(parseEntityId(`http://localhost:8080/tenants/${TENANT}/runs/${RUN}?tab=logs`)).toBe(RUN);
  });

  it('is undefined for text without an id', () => {
    expect(parseEntityId('runs')).toBeUndefined();
    expect(parseEntityId('3f2b8c1e-9a4d')).toBeUndefined();
    expect(parseEntityId('')).toBeUndefined();
  });
});
