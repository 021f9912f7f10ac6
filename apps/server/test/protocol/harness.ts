/**
 * Test harness for the wire-compatibility proofs: reflects our `.proto` files (protobufjs),
 * reflects the SDK's generated ts-proto code (`@hatchet-dev/typescript-sdk/protoc/**`), builds
 * sample messages by walking our types, and translates between the two object shapes.
 *
 * Shapes:
 * - "server form": what our gRPC handlers see with `PROTO_LOADER_OPTIONS` (snake_case
 *   names, enum names, int64 as numbers, bytes as Buffers, Timestamp as {seconds, nanos}).
 * - "SDK form": ts-proto objects (camelCase names, enum numbers, int64 as numbers, bytes as
 *   Uint8Arrays, Timestamp as Date, optional fields as `undefined`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import protobuf from 'protobufjs';
import * as sdkDispatcher from '@hatchet-dev/typescript-sdk/protoc/dispatcher/dispatcher.js';
import * as sdkEvents from '@hatchet-dev/typescript-sdk/protoc/events/events.js';
import * as sdkAny from '@hatchet-dev/typescript-sdk/protoc/google/protobuf/any.js';
import * as sdkStatus from '@hatchet-dev/typescript-sdk/protoc/google/rpc/status.js';
import * as sdkV1Dispatcher from '@hatchet-dev/typescript-sdk/protoc/v1/dispatcher.js';
import * as sdkCondition from '@hatchet-dev/typescript-sdk/protoc/v1/shared/condition.js';
import * as sdkTrigger from '@hatchet-dev/typescript-sdk/protoc/v1/shared/trigger.js';
import * as sdkV1Workflows from '@hatchet-dev/typescript-sdk/protoc/v1/workflows.js';
import * as sdkWorkflows from '@hatchet-dev/typescript-sdk/protoc/workflows/workflows.js';
import { PROTO_DIR, PROTO_FILES, PROTO_LOADER_OPTIONS } from '../../src/grpc/proto/load-protos';

export type Plain = Record<string, unknown>;

/** The part of a ts-proto `MessageFns<T>` the tests use. */
export interface SdkMessageFns {
  encode(message: unknown, writer?: unknown): { finish(): Uint8Array };
  decode(input: Uint8Array): Plain;
  fromPartial(object: unknown): Plain;
  toJSON(message: unknown): unknown;
}

/** A ts-proto (nice-grpc) service definition, as exported by the SDK. */
export interface SdkMethod {
  name: string;
  requestType: SdkMessageFns;
  requestStream: boolean;
  responseType: SdkMessageFns;
  responseStream: boolean;
}

export interface SdkServiceDefinition {
  name: string;
  fullName: string;
  methods: Record<string, SdkMethod>;
}

interface SdkModule {
  /** Path under the SDK's `protoc/` folder, without extension. */
  file: string;
  pkg: string;
  exports: Record<string, unknown>;
}

const TIMESTAMP = '.google.protobuf.Timestamp';

/**
 * Every generated module the SDK's clients use. Deliberately absent:
 * - `protoc/workflows/v1-admin.js`: a stale root-package `AdminService` (CancelTasks and
 *   ReplayTasks with `TaskIdRetryCount`) that no SDK code imports; the live service is
 *   `v1.AdminService` in `protoc/v1/workflows.js`.
 * - `protoc/google/protobuf/timestamp.js` (the SDK maps Timestamp fields to `Date`) and
 *   `wrappers.js` (unused).
 */
const SDK_MODULE_SOURCES: [string, object][] = [
  ['dispatcher/dispatcher', sdkDispatcher],
  ['events/events', sdkEvents],
  ['workflows/workflows', sdkWorkflows],
  ['v1/shared/trigger', sdkTrigger],
  ['v1/shared/condition', sdkCondition],
  ['v1/workflows', sdkV1Workflows],
  ['v1/dispatcher', sdkV1Dispatcher],
  ['google/rpc/status', sdkStatus],
  ['google/protobuf/any', sdkAny],
];

export const SDK_MODULES: SdkModule[] = SDK_MODULE_SOURCES.map(([file, mod]) => {
  const exports = mod as Record<string, unknown>;
  const pkg = exports['protobufPackage'];
  if (typeof pkg !== 'string') throw new Error(`SDK module ${file} has no protobufPackage`);
  return { file, pkg, exports };
});

const SDK_PROTOC_DIR = path.resolve(
  path.dirname(
    createRequire(import.meta.url).resolve(
      '@hatchet-dev/typescript-sdk/protoc/dispatcher/dispatcher.js',
    ),
  ),
  '..',
);

export function isSdkMessageFns(value: unknown): value is SdkMessageFns {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['encode'] === 'function' &&
    typeof v['decode'] === 'function' &&
    typeof v['fromPartial'] === 'function'
  );
}

function isSdkServiceDefinition(value: unknown): value is SdkServiceDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['fullName'] === 'string' && typeof v['methods'] === 'object';
}

/** Every service definition the SDK's generated code exports. */
export function sdkServices(): SdkServiceDefinition[] {
  return SDK_MODULES.flatMap((m) => Object.values(m.exports).filter(isSdkServiceDefinition));
}

/** `.pkg.Name` (protobufjs full-name style) of an SDK message, found by identity. */
export function sdkMessageFullName(fns: SdkMessageFns): string | undefined {
  for (const m of SDK_MODULES) {
    for (const [name, value] of Object.entries(m.exports)) {
      if (value === fns) return m.pkg === '' ? `.${name}` : `.${m.pkg}.${name}`;
    }
  }
  return undefined;
}

/**
 * Every message the SDK defines, by protobufjs full name. Excluded: ts-proto's map-entry helper
 * types and the google.protobuf well-known types (protobufjs bundles those for us).
 */
export function sdkMessageNames(): string[] {
  return SDK_MODULES.filter((m) => m.pkg !== 'google.protobuf').flatMap((m) =>
    Object.entries(m.exports)
      .filter(([name, value]) => isSdkMessageFns(value) && !/_\w+Entry$/.test(name))
      .map(([name]) => (m.pkg === '' ? `.${name}` : `.${m.pkg}.${name}`)),
  );
}

function packageOf(obj: protobuf.ReflectionObject): string {
  const full = obj.fullName.slice(1);
  const dot = full.lastIndexOf('.');
  return dot < 0 ? '' : full.slice(0, dot);
}

function findSdkExport(
  obj: protobuf.ReflectionObject,
): { module: SdkModule; value: unknown } | undefined {
  const pkg = packageOf(obj);
  for (const m of SDK_MODULES) {
    if (m.pkg === pkg && obj.name in m.exports) return { module: m, value: m.exports[obj.name] };
  }
  return undefined;
}

export function findSdkMessage(type: protobuf.Type): SdkMessageFns | undefined {
  const found = findSdkExport(type);
  return found && isSdkMessageFns(found.value) ? found.value : undefined;
}

/** The SDK's values of an enum (name -> number), without ts-proto's `UNRECOGNIZED = -1`. */
export function findSdkEnumValues(e: protobuf.Enum): Record<string, number> | undefined {
  const found = findSdkExport(e);
  if (!found || typeof found.value !== 'object' || found.value === null) return undefined;
  return Object.fromEntries(
    Object.entries(found.value).filter(
      (entry): entry is [string, number] =>
        typeof entry[1] === 'number' && entry[0] !== 'UNRECOGNIZED',
    ),
  );
}

const dtsCache = new Map<string, Map<string, Map<string, boolean>>>();

/**
 * Optionality of each property of an SDK message, read from the `.d.ts` next to its module:
 * ts-proto declares proto3 `optional` fields and oneof members as `name?: T | undefined`
 * and every other field as `name: T`. On the wire an optional message field looks like a
 * plain one, so this is the only place the difference is visible.
 */
export function sdkDeclaredOptionality(type: protobuf.Type): Map<string, boolean> | undefined {
  const found = findSdkExport(type);
  if (!found) return undefined;
  let interfaces = dtsCache.get(found.module.file);
  if (!interfaces) {
    interfaces = new Map();
    const text = readFileSync(path.join(SDK_PROTOC_DIR, `${found.module.file}.d.ts`), 'utf8');
    for (const block of text.matchAll(/^export interface (\w+) \{\n([\s\S]*?)^\}/gm)) {
      const props = new Map<string, boolean>();
      for (const prop of (block[2] ?? '').matchAll(/^ {4}(\w+)(\?)?:/gm)) {
        props.set(prop[1] ?? '', prop[2] === '?');
      }
      interfaces.set(block[1] ?? '', props);
    }
    dtsCache.set(found.module.file, interfaces);
  }
  return interfaces.get(type.name);
}

// ---------------------------------------------------------------------------------------------
// Our side
// ---------------------------------------------------------------------------------------------

/** Our `.proto` files loaded with protobufjs reflection, with the loader's parse options. */
export function loadOurRoot(): protobuf.Root {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) =>
    path.isAbsolute(target) ? target : path.join(PROTO_DIR, target);
  root.loadSync(
    PROTO_FILES.map((f) => path.join(PROTO_DIR, f)),
    { keepCase: PROTO_LOADER_OPTIONS.keepCase },
  );
  root.resolveAll();
  return root;
}

function walk(ns: protobuf.NamespaceBase, out: protobuf.ReflectionObject[]): void {
  for (const nested of ns.nestedArray) {
    out.push(nested);
    if (nested instanceof protobuf.Namespace || nested instanceof protobuf.Type) walk(nested, out);
  }
}

function definedHere(obj: protobuf.ReflectionObject): boolean {
  return obj.filename !== null && obj.filename.startsWith(PROTO_DIR);
}

/** Every message type defined in our `.proto` files. */
export function ourTypes(root: protobuf.Root): protobuf.Type[] {
  const all: protobuf.ReflectionObject[] = [];
  walk(root, all);
  return all.filter((o): o is protobuf.Type => o instanceof protobuf.Type && definedHere(o));
}

/** Every enum defined in our `.proto` files. */
export function ourEnums(root: protobuf.Root): protobuf.Enum[] {
  const all: protobuf.ReflectionObject[] = [];
  walk(root, all);
  return all.filter((o): o is protobuf.Enum => o instanceof protobuf.Enum && definedHere(o));
}

export function isProto3Optional(field: protobuf.Field): boolean {
  return field.options?.['proto3_optional'] === true;
}

/** The field's oneof if it is a real one (proto3 `optional` is a synthetic single-field oneof). */
export function realOneof(field: protobuf.Field): protobuf.OneOf | null {
  return field.partOf !== null && !isProto3Optional(field) ? field.partOf : null;
}

function messageTypeOf(field: protobuf.Field): protobuf.Type | null {
  field.resolve();
  return field.resolvedType instanceof protobuf.Type ? field.resolvedType : null;
}

function enumTypeOf(field: protobuf.Field): protobuf.Enum | null {
  field.resolve();
  return field.resolvedType instanceof protobuf.Enum ? field.resolvedType : null;
}

/** Every message type reachable from `type` through its fields (including `type`). */
export function reachableTypes(
  type: protobuf.Type,
  out = new Set<protobuf.Type>(),
): Set<protobuf.Type> {
  if (out.has(type)) return out;
  out.add(type);
  for (const field of type.fieldsArray) {
    const nested = messageTypeOf(field);
    if (nested) reachableTypes(nested, out);
  }
  return out;
}

/** How many samples it takes to set every member of every oneof reachable from `type`. */
export function variantCount(type: protobuf.Type): number {
  let count = 1;
  for (const t of reachableTypes(type)) {
    for (const oneof of t.oneofsArray) {
      const members = oneof.fieldsArray;
      if (!(members.length === 1 && members[0] && isProto3Optional(members[0]))) {
        count = Math.max(count, members.length);
      }
    }
  }
  return count;
}

export function ourEncode(type: protobuf.Type, obj: Plain): Uint8Array {
  return type.encode(type.fromObject(obj)).finish();
}

export function ourDecode(type: protobuf.Type, bytes: Uint8Array): Plain {
  return type.toObject(type.decode(bytes), PROTO_LOADER_OPTIONS);
}

// ---------------------------------------------------------------------------------------------
// Samples
// ---------------------------------------------------------------------------------------------

export interface SampleOptions {
  /**
   * `full`: every field set to a distinctive non-default value (repeated and map fields with
   * two entries). `zero`: every field set to its zero value (repeated and map fields with one
   * zero entry), so that presence (proto3 `optional`, messages) decides what reaches the wire.
   */
  mode: 'full' | 'zero';
  /** Which member of each real oneof to set (clamped to the oneof's size). */
  variant: number;
  /** Collects `<type full name>.<field name>` of every field set. */
  covered?: Set<string>;
}

/** Distinctive values per scalar type, chosen so that a type mismatch changes the value. */
function scalarValue(type: string, n: number, zero: boolean): unknown {
  switch (type) {
    case 'double':
      return zero ? 0 : 2 ** 33 + n + 0.25; // not representable as a float
    case 'float':
      return zero ? 0 : n + 0.5;
    case 'int32':
    case 'sint32':
    case 'sfixed32':
      return zero ? 0 : -(1000 + n); // negative: tells signed from unsigned and zigzag
    case 'uint32':
    case 'fixed32':
      return zero ? 0 : 3_000_000_000 + n; // above int32 range
    case 'int64':
    case 'sint64':
    case 'sfixed64':
      return zero ? 0 : -(2 ** 40 + n); // beyond 32 bits, negative
    case 'uint64':
    case 'fixed64':
      return zero ? 0 : 2 ** 41 + n;
    case 'bool':
      return !zero;
    case 'string':
      return zero ? '' : `s${n}-é✓`; // non-ASCII: checks UTF-8
    case 'bytes':
      return zero ? Buffer.alloc(0) : Buffer.from([n & 0xff, 0x00, 0xff, 0x80]);
    default:
      throw new Error(`no sample value for scalar type ${type}`);
  }
}

function singleValue(
  field: protobuf.Field,
  opts: SampleOptions,
  counter: { n: number },
  depth: number,
): unknown {
  const n = ++counter.n;
  const zero = opts.mode === 'zero';
  const messageType = messageTypeOf(field);
  if (messageType) {
    if (messageType.fullName === TIMESTAMP) {
      for (const f of messageType.fieldsArray) opts.covered?.add(`${TIMESTAMP}.${f.name}`);
      // Millisecond precision: the SDK converts Timestamps to Date.
      return zero
        ? { seconds: 0, nanos: 0 }
        : { seconds: 1_767_225_600 + n, nanos: ((n % 999) + 1) * 1_000_000 };
    }
    return makeSample(messageType, opts, counter, depth + 1);
  }
  const enumType = enumTypeOf(field);
  if (enumType) {
    const entries = Object.entries(enumType.values);
    const zeroName = entries.find(([, v]) => v === 0)?.[0];
    if (zeroName === undefined) throw new Error(`${enumType.fullName} has no zero value`);
    if (zero) return zeroName;
    const nonZero = entries.filter(([, v]) => v !== 0);
    return nonZero.length === 0 ? zeroName : nonZero[n % nonZero.length]?.[0];
  }
  return scalarValue(field.type, n, zero);
}

/** An enum field whose only possible value is its default (0). */
export function onlyZero(field: protobuf.Field): boolean {
  const enumType = enumTypeOf(field);
  return enumType !== null && Object.values(enumType.values).every((v) => v === 0);
}

/** A sample message in server form, built by walking our type. */
export function makeSample(
  type: protobuf.Type,
  opts: SampleOptions,
  counter = { n: 0 },
  depth = 0,
): Plain {
  if (depth > 10) throw new Error(`sample recursion too deep at ${type.fullName}`);
  const out: Plain = {};
  for (const field of type.fieldsArray) {
    const oneof = realOneof(field);
    if (oneof) {
      const members = oneof.fieldsArray;
      if (members[Math.min(opts.variant, members.length - 1)] !== field) continue;
    }
    if (field instanceof protobuf.MapField) {
      if (field.keyType !== 'string') throw new Error(`map key ${field.keyType} not supported`);
      out[field.name] =
        opts.mode === 'zero'
          ? { '': singleValue(field, opts, counter, depth) }
          : Object.fromEntries(
              [`k${++counter.n}`, `k${++counter.n}`].map((k) => [
                k,
                singleValue(field, opts, counter, depth),
              ]),
            );
    } else if (field.repeated) {
      out[field.name] =
        opts.mode === 'zero'
          ? [singleValue(field, opts, counter, depth)]
          : [singleValue(field, opts, counter, depth), singleValue(field, opts, counter, depth)];
    } else if (opts.mode === 'full' && onlyZero(field)) {
      // An enum whose only value is 0 (WorkflowRunEventType): its one value is the default,
      // which both encoders express by absence. Nothing more to exercise.
    } else {
      out[field.name] = singleValue(field, opts, counter, depth);
    }
    opts.covered?.add(`${type.fullName}.${field.name}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Server form -> SDK form
// ---------------------------------------------------------------------------------------------

/** ts-proto's property name for a field (`snakeToCamel` for names with underscores). */
export function sdkPropName(fieldName: string): string {
  return fieldName.includes('_')
    ? fieldName.replace(/_+([a-zA-Z0-9])/g, (_m, c: string) => c.toUpperCase())
    : fieldName;
}

function toSdkValue(field: protobuf.Field, value: unknown): unknown {
  const messageType = messageTypeOf(field);
  if (messageType) {
    if (messageType.fullName === TIMESTAMP) {
      const ts = value as { seconds: number; nanos: number };
      return new Date(ts.seconds * 1000 + ts.nanos / 1_000_000);
    }
    return toSdk(messageType, value as Plain);
  }
  const enumType = enumTypeOf(field);
  if (enumType && typeof value === 'string') {
    const number = enumType.values[value];
    if (number === undefined) throw new Error(`${value} is not a value of ${enumType.fullName}`);
    return number;
  }
  if (field.type === 'bytes') return new Uint8Array(value as Uint8Array);
  return value;
}

/** Converts a server-form object of our `type` into the SDK's (ts-proto) shape. */
export function toSdk(type: protobuf.Type, obj: Plain): Plain {
  const out: Plain = {};
  for (const field of type.fieldsArray) {
    const value = obj[field.name];
    if (value === undefined || value === null) continue;
    const prop = sdkPropName(field.name);
    if (field.map) {
      out[prop] = Object.fromEntries(
        Object.entries(value as Plain).map(([k, v]) => [k, toSdkValue(field, v)]),
      );
    } else if (field.repeated) {
      out[prop] = (value as unknown[]).map((v) => toSdkValue(field, v));
    } else {
      out[prop] = toSdkValue(field, value);
    }
  }
  return out;
}

export function sdkEncode(fns: SdkMessageFns, sdkObj: Plain): Uint8Array {
  return fns.encode(fns.fromPartial(sdkObj)).finish();
}

// ---------------------------------------------------------------------------------------------
// What the SDK's encoder writes, field by field
// ---------------------------------------------------------------------------------------------

interface WriterCall {
  op: string;
  arg: unknown;
}

/**
 * Runs the SDK's `encode` against a recording writer: the calls are the SDK's wire schema in
 * action (`uint32(tag)` then `string(v)`, `int64(v)`, ... or `fork()` ... `join()` for
 * length-delimited submessages, map entries and packed repeated scalars).
 */
export function recordSdkEncode(fns: SdkMessageFns, sdkObj: Plain): WriterCall[] {
  const calls: WriterCall[] = [];
  const writer: object = new Proxy(
    {},
    {
      get(_target, prop) {
        if (typeof prop !== 'string') return undefined;
        return (arg?: unknown) => {
          calls.push({ op: prop, arg });
          return writer;
        };
      },
    },
  );
  fns.encode(fns.fromPartial(sdkObj), writer);
  return calls;
}

interface WireEntry {
  field: number;
  wireType: number;
  op: string;
  body: WriterCall[];
}

function parseWriterCalls(calls: WriterCall[]): WireEntry[] {
  const out: WireEntry[] = [];
  let i = 0;
  while (i < calls.length) {
    const tag = calls[i];
    const next = calls[i + 1];
    if (!tag || tag.op !== 'uint32' || typeof tag.arg !== 'number' || !next) {
      throw new Error(
        `unexpected writer call sequence at ${i}: ${JSON.stringify(calls.slice(i, i + 2))}`,
      );
    }
    if (next.op === 'fork') {
      let depth = 1;
      let j = i + 2;
      for (; j < calls.length; j++) {
        const op = calls[j]?.op;
        if (op === 'fork') depth++;
        else if (op === 'join' && --depth === 0) break;
      }
      out.push({
        field: tag.arg >>> 3,
        wireType: tag.arg & 7,
        op: 'fork',
        body: calls.slice(i + 2, j),
      });
      i = j + 1;
    } else {
      out.push({ field: tag.arg >>> 3, wireType: tag.arg & 7, op: next.op, body: [] });
      i += 2;
    }
  }
  return out;
}

const WIRE_TYPES: Record<string, number> = {
  double: 1,
  float: 5,
  int32: 0,
  uint32: 0,
  sint32: 0,
  fixed32: 5,
  sfixed32: 5,
  int64: 0,
  uint64: 0,
  sint64: 0,
  fixed64: 1,
  sfixed64: 1,
  bool: 0,
  string: 2,
  bytes: 2,
};

/** The writer method the SDK must call for one value of this field (enums are int32). */
function expectedWriterOp(field: protobuf.Field): string {
  if (messageTypeOf(field)) return 'fork';
  if (enumTypeOf(field)) return 'int32';
  return field.type;
}

function valueWireType(field: protobuf.Field): number {
  if (messageTypeOf(field)) return 2;
  if (enumTypeOf(field)) return 0;
  const wt = WIRE_TYPES[field.type];
  if (wt === undefined) throw new Error(`unknown scalar type ${field.type}`);
  return wt;
}

function isPackable(field: protobuf.Field): boolean {
  return field.repeated && !field.map && valueWireType(field) !== 2;
}

/** The (field number, wire type) pairs our decoder accepts for a type. */
export function ourWireFields(type: protobuf.Type): Set<string> {
  const out = new Set<string>();
  for (const field of type.fieldsArray) {
    out.add(`${field.id}:${field.map ? 2 : valueWireType(field)}`);
    if (isPackable(field)) out.add(`${field.id}:2`);
  }
  return out;
}

function checkValue(
  field: protobuf.Field,
  entry: WireEntry,
  where: string,
  problems: string[],
  seen: Set<string>,
): void {
  const op = expectedWriterOp(field);
  const wireType = valueWireType(field);
  if (entry.op !== op || entry.wireType !== wireType) {
    problems.push(
      `${where}: SDK writes ${entry.op}/wt${entry.wireType}, ours is ${op}/wt${wireType}`,
    );
    return;
  }
  const messageType = messageTypeOf(field);
  if (messageType) checkSdkWrites(messageType, entry.body, problems, seen, where);
}

/**
 * Checks a recorded SDK encoding against our type: every field number the SDK writes must
 * exist here with the same writer method (so int32 vs int64 vs sint32, float vs double,
 * string vs bytes, enum, packed, map and nested-message shapes all agree). Adds
 * `<type>.<field>` to `seen` for every field the SDK wrote.
 */
export function checkSdkWrites(
  type: protobuf.Type,
  calls: WriterCall[],
  problems: string[],
  seen: Set<string>,
  where = type.fullName,
): void {
  for (const entry of parseWriterCalls(calls)) {
    const field = type.fieldsById[entry.field];
    if (!field) {
      problems.push(`${where}: SDK writes field #${entry.field}, which we do not define`);
      continue;
    }
    const label = `${where}.${field.name}(#${field.id})`;
    seen.add(`${type.fullName}.${field.name}`);
    if (field instanceof protobuf.MapField) {
      if (entry.op !== 'fork' || entry.wireType !== 2) {
        problems.push(`${label}: SDK writes ${entry.op}/wt${entry.wireType}, ours is a map`);
        continue;
      }
      for (const part of parseWriterCalls(entry.body)) {
        if (part.field === 1) {
          if (part.op !== field.keyType) {
            problems.push(`${label}: SDK map key is ${part.op}, ours is ${field.keyType}`);
          }
        } else if (part.field === 2) {
          checkValue(field, part, `${label}[value]`, problems, seen);
        } else {
          problems.push(`${label}: SDK map entry has field #${part.field}`);
        }
      }
    } else if (isPackable(field) && entry.wireType === 2) {
      // Packed repeated scalars: one length-delimited run of values.
      const op = expectedWriterOp(field);
      const ops = new Set(entry.body.map((c) => c.op));
      if (entry.op !== 'fork' || ops.size !== 1 || !ops.has(op)) {
        problems.push(`${label}: SDK packs ${[...ops].join(',')}, ours is packed ${op}`);
      }
    } else {
      checkValue(field, entry, label, problems, seen);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Which fields the SDK types as enums
// ---------------------------------------------------------------------------------------------

/**
 * On the wire an enum is an int32, so only the SDK's JSON mapping tells them apart: for each
 * varint field of our type, the name the SDK's `toJSON` gives the value 1 (`'<no name>'` when
 * its enum has no 1: ts-proto then says `UNRECOGNIZED`, or throws), or `undefined` when the SDK
 * field is not an enum.
 */
export function sdkEnumJsonNames(
  fns: SdkMessageFns,
  type: protobuf.Type,
): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const field of type.fieldsArray) {
    if (field.map || valueWireType(field) !== 0 || field.type === 'bool') continue;
    const prop = sdkPropName(field.name);
    let json: unknown;
    try {
      const message = fns.fromPartial({ [prop]: field.repeated ? [1] : 1 });
      json = (fns.toJSON(message) as Plain)[prop];
    } catch {
      out.set(field.name, '<no name>');
      continue;
    }
    const value = Array.isArray(json) ? (json as unknown[])[0] : json;
    out.set(
      field.name,
      typeof value !== 'string' ? undefined : value === 'UNRECOGNIZED' ? '<no name>' : value,
    );
  }
  return out;
}

/** The same as {@link sdkEnumJsonNames}, computed from our type. */
export function ourEnumJsonNames(type: protobuf.Type): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const field of type.fieldsArray) {
    if (field.map || valueWireType(field) !== 0 || field.type === 'bool') continue;
    const enumType = enumTypeOf(field);
    out.set(field.name, enumType ? (enumType.valuesById[1] ?? '<no name>') : undefined);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Which field numbers the SDK's decoder knows (black-box probe)
// ---------------------------------------------------------------------------------------------

const PROBE_PAYLOADS: Record<number, Uint8Array[]> = {
  0: [Uint8Array.of(0x01)],
  1: [Uint8Array.of(0, 0, 0, 0, 0, 0, 0xf0, 0x3f)], // 1.0 as double
  5: [Uint8Array.of(0, 0, 0x80, 0x3f)], // 1.0 as float
  2: [
    Uint8Array.of(),
    Uint8Array.of(0x41),
    Uint8Array.of(0x0a, 0x01, 0x41, 0x10, 0x01), // map entry {key: 'A', value: varint 1}
    Uint8Array.of(0x0a, 0x01, 0x41, 0x12, 0x00), // map entry {key: 'A', value: empty message}
  ],
};

/**
 * The (field number, wire type) pairs the SDK's decoder accepts: a field is known when a
 * message holding only that field decodes to something other than the empty message.
 * Probes 1..64 plus every `case N:` in the decoder's source.
 */
export function sdkWireFields(fns: SdkMessageFns): Set<string> {
  const base = fns.decode(new Uint8Array(0));
  const candidates = new Set<number>(Array.from({ length: 64 }, (_v, i) => i + 1));
  for (const m of fns.decode.toString().matchAll(/case (\d+):/g)) candidates.add(Number(m[1]));
  const known = new Set<string>();
  for (const no of candidates) {
    if (no === 0) continue;
    for (const [wt, payloads] of Object.entries(PROBE_PAYLOADS)) {
      for (const payload of payloads) {
        const writer = protobuf.Writer.create().uint32((no << 3) | Number(wt));
        const bytes =
          wt === '2' ? writer.bytes(payload).finish() : concat(writer.finish(), payload);
        let decoded: Plain;
        try {
          decoded = fns.decode(bytes);
        } catch {
          continue;
        }
        if (!isDeepStrictEqual(decoded, base)) {
          known.add(`${no}:${wt}`);
          break;
        }
      }
    }
  }
  return known;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
