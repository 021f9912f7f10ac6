/**
 * The Trigger Run dialog's input: checking it against the workflow's input JSON schema, and a
 * starting object built from that schema.
 */
import { Validator } from '@cfworker/json-schema';
import type { Schema } from '@cfworker/json-schema';

export interface SchemaProblem {
  /** JSON pointer of the offending value, "" for the whole input. */
  path: string;
  message: string;
}

/**
 * What is wrong with `input` according to `schema`: one line per failing leaf rule. The
 * validator works without `eval`, which the dashboard's content security policy forbids.
 */
export function schemaProblems(schema: Record<string, unknown>, input: unknown): SchemaProblem[] {
  const validator = new Validator(schema as Schema, schemaDraft(schema), false);
  const result = validator.validate(input);
  if (result.valid) return [];
  const problems: SchemaProblem[] = [];
  const seen = new Set<string>();
  for (const error of result.errors) {
    const path = error.instanceLocation.replace(/^#/, '');
    // Wrapper rules ("a subschema had errors") only repeat what the rules under them say.
    if (WRAPPER_MESSAGE.test(error.error) || seen.has(`${path} ${error.error}`)) continue;
    seen.add(`${path} ${error.error}`);
    problems.push({ path, message: error.error });
  }
  const first = result.errors[0];
  return problems.length > 0 || !first
    ? problems
    : [{ path: first.instanceLocation.replace(/^#/, ''), message: first.error }];
}

const WRAPPER_MESSAGE =
  /^(A subschema had errors\.|Property "[^"]*" does not match schema\.|Items did not match schema\.)$/;

/** The draft a schema declares in `$schema`; 2020-12 when it declares none. */
export function schemaDraft(schema: Record<string, unknown>): '4' | '7' | '2019-09' | '2020-12' {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('draft-04')) return '4';
  if (declared.includes('draft-06') || declared.includes('draft-07')) return '7';
  if (declared.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/**
 * A starting input from a schema: every property with its default, first example, first
 * enum value, or an empty value of its type. Only what the schema states; nothing invented.
 */
export function exampleFromSchema(schema: unknown, depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > 6) return null;
  const node = schema as Record<string, unknown>;
  if ('default' in node) return node.default;
  if (Array.isArray(node.examples) && node.examples.length > 0) return node.examples[0];
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
  const variants = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(variants) && variants.length > 0) {
    const concrete = variants.find(
      (variant) => (variant as Record<string, unknown> | null)?.type !== 'null',
    );
    return exampleFromSchema(concrete ?? variants[0], depth + 1);
  }
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type;
  if (type === 'object' || (type === undefined && node.properties)) {
    const properties = (node.properties ?? {}) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, exampleFromSchema(value, depth + 1)]),
    );
  }
  if (type === 'array') return [];
  if (type === 'string') return '';
  if (type === 'number' || type === 'integer') return 0;
  if (type === 'boolean') return false;
  return null;
}
