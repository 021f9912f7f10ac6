import { describe, expect, it } from 'vitest';
import { inputSchemaErrors } from './run-input-validation';

const version = (id: string, inputJsonSchema: Record<string, unknown> | null) => ({
  id,
  inputJsonSchema,
});

describe('inputSchemaErrors', () => {
  it('accepts anything when the version declares no schema', () => {
    expect(inputSchemaErrors(version('v-none', null), { any: 'thing' })).toEqual([]);
  });

  it('names each failing field under input, escaped path segments included', () => {
    const schema = {
      type: 'object',
      properties: { 'a/b': { type: 'object', properties: { n: { type: 'number' } } } },
      required: ['id'],
    };
    expect(inputSchemaErrors(version('v-paths', schema), { 'a/b': { n: 'x' } })).toEqual([
      { field: 'input.id', description: "input.id must have required property 'id'" },
      { field: 'input.a/b.n', description: 'input.a/b.n must be number' },
    ]);
  });

  it('validates formats and picks the draft a schema names', () => {
    const draft7 = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { at: { type: 'string', format: 'date-time' } },
      // Draft 7 reads `dependencies`; later drafts ignore it.
      dependencies: { at: ['zone'] },
    };
    expect(
      inputSchemaErrors(version('v-draft7', draft7), { at: 'yesterday' }).map((e) => e.field),
    ).toEqual(['input.zone', 'input.at']);
  });

  it('lets runs through when the schema cannot be compiled', () => {
    const broken = { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } };
    expect(inputSchemaErrors(version('v-broken', broken), { a: 1 })).toEqual([]);
  });

  it('reports at most twenty errors', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`p${i}`, { type: 'string' }]),
    );
    const input = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`p${i}`, i]));
    expect(
      inputSchemaErrors(version('v-many', { type: 'object', properties }), input),
    ).toHaveLength(20);
  });
});
