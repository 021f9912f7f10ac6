import { describe, expect, it } from 'vitest';
import { exampleFromSchema, schemaDraft, schemaProblems } from './trigger-input';

describe('trigger input', () => {
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1 },
      count: { type: 'integer', default: 3 },
      mode: { enum: ['fast', 'slow'] },
    },
    required: ['name'],
    additionalProperties: false,
  };

  it('reads the draft a schema declares', () => {
    expect(schemaDraft(schema)).toBe('7');
    expect(schemaDraft({})).toBe('2020-12');
  });

  it('lists what breaks the schema, one line per rule', () => {
    expect(schemaProblems(schema, { name: 'x', count: 1, mode: 'fast' })).toEqual([]);
    const problems = schemaProblems(schema, { count: 'three', extra: true });
    expect(problems.map((problem) => problem.path)).toEqual(expect.arrayContaining(['', '/count']));
    expect(problems.some((problem) => problem.message.includes('"name"'))).toBe(true);
    expect(problems.some((problem) => /subschema had errors/.test(problem.message))).toBe(false);
  });

  it('builds a starting input from the schema', () => {
    expect(exampleFromSchema(schema)).toEqual({ name: '', count: 3, mode: 'fast' });
    expect(
      exampleFromSchema({
        type: 'object',
        properties: {
          tags: { type: 'array' },
          x: { anyOf: [{ type: 'null' }, { type: 'number' }] },
        },
      }),
    ).toEqual({ tags: [], x: 0 });
  });
});
