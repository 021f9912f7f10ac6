import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ApiErrorItem } from '@trellis/api-contract';

/**
 * Checks a run's input against the input JSON schema its workflow version declares (the SDKs
 * send one generated from the workflow's input type). Versions never change, so a compiled
 * validator is kept per version.
 */

/** Compiled validators kept; beyond this the oldest is dropped. */
const CACHE_SIZE = 500;
/** Field errors reported for one input at most. */
const MAX_ERRORS = 20;

const options = { allErrors: true, strict: false, logger: false } as const;

const ajv = {
  draft7: addFormats(new Ajv(options)),
  draft2019: addFormats(new Ajv2019(options)),
  draft2020: addFormats(new Ajv2020(options)),
};

/** One validator per draft: `$schema` names it; without one, the current draft (2020-12). */
function validatorFor(schema: Record<string, unknown>) {
  const draft = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (/draft-0[67]/.test(draft)) return ajv.draft7;
  if (draft.includes('2019-09')) return ajv.draft2019;
  return ajv.draft2020;
}

const compiled = new Map<string, ValidateFunction | null>();

/**
 * Compiles once per version. A schema no validator understands (an unsupported draft, a
 * broken `$ref`) yields null: the workflow's own code declared it, so runs are not refused
 * for it.
 */
function compile(versionId: string, schema: Record<string, unknown>): ValidateFunction | null {
  if (compiled.has(versionId)) return compiled.get(versionId)!;
  let validate: ValidateFunction | null;
  try {
    validate = validatorFor(schema).compile(schema);
  } catch {
    validate = null;
  }
  if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value!);
  compiled.set(versionId, validate);
  return validate;
}

/** `input.customer.name`-style field names for an error's location. */
function fieldOf(error: ErrorObject): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  // A missing or unexpected property is reported on its object; name the property itself.
  const { missingProperty, additionalProperty } = error.params as Record<string, unknown>;
  if (typeof missingProperty === 'string') path.push(missingProperty);
  if (typeof additionalProperty === 'string') path.push(additionalProperty);
  return ['input', ...path].join('.');
}

/** The input's violations of the version's schema as API field errors; none when it conforms. */
export function inputSchemaErrors(
  version: { id: string; inputJsonSchema: Record<string, unknown> | null },
  input: unknown,
): ApiErrorItem[] {
  if (!version.inputJsonSchema) return [];
  const validate = compile(version.id, version.inputJsonSchema);
  if (!validate || validate(input)) return [];
  return (validate.errors ?? []).slice(0, MAX_ERRORS).map((error) => {
    const field = fieldOf(error);
    return { field, description: `${field} ${error.message ?? 'is invalid'}` };
  });
}
