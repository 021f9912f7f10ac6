/**
 * Requests generated from the REST contract: for each endpoint, bodies and queries of the
 * shapes its JSON Schema describes but with hostile values (boundaries, huge and odd strings,
 * wrong enum members, ids of nothing, nulls, extra fields, deep nesting), path parameters that
 * name the fixture's resources or nothing, and junk (bodies that are not JSON, wrong content
 * types), sent with a member's session, an API token, a session that forgot its anti-forgery
 * header, or no credentials.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { pathParamNames, type EndpointDefinition } from '@trellis/api-contract';
import { anyJson, anyString, boundaryNumbers, toJsonText, UNKNOWN_IDS } from './hostile-values';

export type Credentials = 'session' | 'session-without-xsrf' | 'token' | 'none';

export interface FuzzRequest {
  operationId: string;
  method: string;
  url: string;
  credentials: Credentials;
  /** The body as sent (absent: no body), with its content type if any. */
  payload?: string | Buffer;
  contentType?: string;
}

type JsonSchema = Record<string, unknown>;

/** How deep a schema is followed before its values become any hostile JSON. */
const MAX_SCHEMA_DEPTH = 6;

/** What generating values for one schema needs besides the node at hand. */
interface SchemaContext {
  /** The named schemas `$ref`s point to. */
  defs: Record<string, JsonSchema>;
  /** The fixture's ids, for strings that name something real. */
  ids: readonly string[];
}

/** Hostile values for a zod schema, by way of its JSON Schema. */
function valuesOfSchema(schema: z.ZodType, ids: readonly string[]): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return valuesOf(json, 0, { defs: (json['$defs'] ?? {}) as Record<string, JsonSchema>, ids });
}

/** Members of an enum turned into near misses: another case, padded, or cut short. */
function nearMisses(members: unknown[]): unknown[] {
  return members.flatMap((member) =>
    typeof member === 'string'
      ? [member.toLowerCase(), ` ${member}`, member.slice(0, -1), `${member}\u0000`]
      : [],
  );
}

/**
 * Values of the shape `node` describes, most of them wrong in value: the schema decides the
 * JSON type and the edges (length, bounds, members, pattern), the hostile pools the rest.
 * Now and then a value of another type entirely.
 */
function valuesOf(node: JsonSchema, depth: number, context: SchemaContext): fc.Arbitrary<unknown> {
  const shaped = shapedValuesOf(node, depth, context);
  return fc.oneof({ weight: 9, arbitrary: shaped }, { weight: 1, arbitrary: anyJson });
}

function shapedValuesOf(
  node: JsonSchema,
  depth: number,
  context: SchemaContext,
): fc.Arbitrary<unknown> {
  if (depth > MAX_SCHEMA_DEPTH) return anyJson;
  const ref = node['$ref'];
  if (typeof ref === 'string') {
    const target = context.defs[ref.replace('#/$defs/', '')];
    return target ? shapedValuesOf(target, depth + 1, context) : anyJson;
  }
  const branches = (node['anyOf'] ?? node['oneOf'] ?? node['allOf']) as JsonSchema[] | undefined;
  if (branches) return fc.oneof(...branches.map((b) => valuesOf(b, depth + 1, context)));
  if (Array.isArray(node['enum'])) {
    const members = node['enum'] as unknown[];
    return fc.oneof(fc.constantFrom(...members), fc.constantFrom(...nearMisses(members), ''));
  }
  if ('const' in node) return fc.constantFrom(node['const'], null, '');
  const type = node['type'];
  if (Array.isArray(type)) {
    return fc.oneof(
      ...(type as string[]).map((t) => shapedValuesOf({ ...node, type: t }, depth, context)),
    );
  }
  switch (type) {
    case 'string':
      return stringValuesOf(node, context);
    case 'integer':
    case 'number':
      return boundaryNumbers(node['minimum'] as number, node['maximum'] as number);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayValuesOf(node, depth, context);
    case 'object':
      return objectValuesOf(node, depth, context);
    default:
      return anyJson;
  }
}

function stringValuesOf(node: JsonSchema, { ids }: SchemaContext): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [anyString, fc.constantFrom(...ids, ...UNKNOWN_IDS)];
  const pattern = node['pattern'];
  if (typeof pattern === 'string') {
    // Strings the contract's own pattern accepts: past the first check, into the handler.
    options.push(fc.stringMatching(new RegExp(pattern)));
  }
  if (node['format'] === 'email') options.push(fc.emailAddress());
  const lengths = [node['minLength'], node['maxLength']].filter(
    (length): length is number => typeof length === 'number',
  );
  for (const length of lengths) {
    options.push(fc.constantFrom(length - 1, length, length + 1).map((n) => 'é'.repeat(n)));
  }
  return fc.oneof(...options);
}

function arrayValuesOf(
  node: JsonSchema,
  depth: number,
  context: SchemaContext,
): fc.Arbitrary<unknown> {
  const items = (node['items'] ?? {}) as JsonSchema;
  const item = valuesOf(items, depth + 1, context);
  const maxItems = node['maxItems'];
  const options = [fc.array(item, { maxLength: 3 })];
  if (typeof maxItems === 'number') {
    // One past the limit, of small items: a thousand huge strings or nested arrays of their
    // own would be more than the fuzzer can hold.
    const small = fc.constantFrom<unknown>(0, '', null, context.ids[0]);
    options.push(small.map((value) => Array.from({ length: maxItems + 1 }, () => value)));
  }
  return fc.oneof(...options);
}

function objectValuesOf(
  node: JsonSchema,
  depth: number,
  context: SchemaContext,
): fc.Arbitrary<unknown> {
  const properties = (node['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((node['required'] ?? []) as string[]);
  // Each declared field: present with a value, usually when required, sometimes when not.
  const fields = Object.entries(properties).map(([name, schema]) =>
    fc
      .option(valuesOf(schema, depth + 1, context), { freq: required.has(name) ? 12 : 2 })
      .map((value) => [name, value] as const),
  );
  const extra = fc.array(
    fc.tuple(fc.oneof(anyString, fc.constantFrom('__proto__', 'constructor', 'id')), anyJson),
    { maxLength: 2 },
  );
  const free =
    Object.keys(properties).length === 0 && node['additionalProperties'] !== false
      ? fc.array(fc.tuple(anyString, anyJson), { maxLength: 4 })
      : fc.constant([]);
  return fc
    .tuple(fc.tuple(...fields), fc.oneof({ weight: 4, arbitrary: fc.constant([]) }, extra), free)
    .map(([declared, added, entries]) =>
      Object.fromEntries([
        ...declared.filter(([, value]) => value !== null),
        ...added,
        ...(entries as [string, unknown][]),
      ]),
    );
}

/** Percent-encodes every UTF-8 byte that is not unreserved (lone surrogates become U+FFFD). */
function encode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/** A query value as text: numbers and booleans printed, objects as JSON, arrays repeated. */
function queryTexts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => queryTexts(item));
  if (typeof value === 'string') return [value];
  return [toJsonText(value)];
}

/** Query strings built from the endpoint's query schema, plus raw encodings no encoder makes. */
function queryStringsOf(endpoint: EndpointDefinition, ids: readonly string[]) {
  const raw = fc.constantFrom(
    '',
    '?%',
    '?a=%E0%A4%A',
    '?=&&=',
    `?x=${'y'.repeat(9000)}`,
    '?a[b]=1',
  );
  if (!endpoint.query) return fc.oneof({ weight: 4, arbitrary: fc.constant('') }, raw);
  const shaped = valuesOfSchema(endpoint.query, ids).map((values) => {
    if (values === null || typeof values !== 'object' || Array.isArray(values)) return '';
    const pairs = Object.entries(values).flatMap(([key, value]) =>
      queryTexts(value).map((text) => `${encode(key)}=${encode(text)}`),
    );
    return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
  });
  return fc.oneof({ weight: 8, arbitrary: shaped }, { weight: 1, arbitrary: raw });
}

/** A path parameter: usually the fixture's own resource, else one of nothing, else no id at all. */
function pathValuesOf(fixtureId: string) {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(encode(fixtureId)) },
    { weight: 2, arbitrary: fc.constantFrom(...UNKNOWN_IDS) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        anyString.map(encode),
        fc.constantFrom('%2F', '..', '%00', '%ZZ', fixtureId.toUpperCase(), `${fixtureId}%20`),
      ),
    },
  );
}

interface Payload {
  payload?: string | Buffer;
  contentType?: string;
}

/** Bodies no well-behaved client sends: not JSON, or JSON under the wrong content type. */
const junkPayloads: fc.Arbitrary<Payload> = fc.oneof(
  fc.uint8Array({ maxLength: 64 }).map((bytes) => ({
    payload: Buffer.from(bytes),
    contentType: 'application/json',
  })),
  fc.constantFrom<Payload>(
    { payload: '{"name": ', contentType: 'application/json' },
    { payload: '{"a": 1e999}', contentType: 'application/json' },
    { payload: '{"a": 1, "a": 2}', contentType: 'application/json' },
    { payload: '{"__proto__": {"admin": true}}', contentType: 'application/json' },
    { payload: '{"constructor": {"prototype": {"admin": true}}}', contentType: 'application/json' },
    { payload: 'null', contentType: 'application/json' },
    { payload: '"text"', contentType: 'application/json' },
    { payload: '\ufeff{}', contentType: 'application/json' },
    { payload: '{}', contentType: 'application/json; charset=utf-16' },
    { payload: '{}', contentType: 'application/jsonx' },
    { payload: '{}', contentType: 'text/plain' },
    { payload: 'name=x&slug=y', contentType: 'application/x-www-form-urlencoded' },
    { payload: '--b\r\n\r\nx\r\n--b--', contentType: 'multipart/form-data; boundary=b' },
    { payload: '{}' },
  ),
);

function bodiesOf(endpoint: EndpointDefinition, ids: readonly string[]): fc.Arbitrary<Payload> {
  const json = (values: fc.Arbitrary<unknown>) =>
    values.map((value) => ({
      payload: toJsonText(value),
      contentType: 'application/json',
    }));
  if (!endpoint.body) {
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: json(anyJson) },
      { weight: 1, arbitrary: junkPayloads },
    );
  }
  return fc.oneof(
    { weight: 8, arbitrary: json(valuesOfSchema(endpoint.body, ids)) },
    { weight: 1, arbitrary: junkPayloads },
  );
}

const credentials: fc.Arbitrary<Credentials> = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Credentials>('session') },
  { weight: 3, arbitrary: fc.constant<Credentials>('token') },
  { weight: 1, arbitrary: fc.constant<Credentials>('session-without-xsrf') },
  { weight: 1, arbitrary: fc.constant<Credentials>('none') },
);

/** Requests to one endpoint; `fixtureIds` fill path parameters and seed the id pools. */
export function requestsTo(
  endpoint: EndpointDefinition,
  fixtureIds: Record<string, string>,
): fc.Arbitrary<FuzzRequest> {
  const ids = Object.values(fixtureIds);
  const params = pathParamNames(endpoint.path);
  // A parameter the fixture has no resource for (a route newer than createTenantFixture) still
  // gets ids of nothing and malformed ones.
  const pathValues = params.map((name) => pathValuesOf(fixtureIds[name] ?? UNKNOWN_IDS[0]!));
  return fc
    .record({
      values: fc.tuple(...pathValues),
      query: queryStringsOf(endpoint, ids),
      body: bodiesOf(endpoint, ids),
      credentials,
    })
    .map(({ values, query, body, credentials }) => {
      let index = 0;
      const path = endpoint.path.replace(/\{[^}]+\}/g, () => values[index++]!);
      return {
        operationId: endpoint.operationId,
        method: endpoint.method,
        url: `${path}${query}`,
        credentials,
        ...body,
      };
    });
}
