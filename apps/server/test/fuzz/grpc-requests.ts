/**
 * Request bodies for every method of the worker protocol, generated from our `.proto` files
 * (protobufjs reflection): well-formed protobuf whose values are wrong (boundary numbers,
 * unknown enum values, hostile strings, ids of nothing or of the fixture, JSON text that is
 * not JSON or is nested too deep, timestamps out of range), protobuf cut short, random bytes,
 * and gRPC framing that is itself broken. Sent with the tenant's token, another, or none.
 */
import fc from 'fast-check';
import protobuf from 'protobufjs';
import { GRPC_SERVICES } from '../../src/grpc/proto/load-protos';
import { loadOurRoot } from '../protocol/harness';
import { frameMessage } from './grpc-call';
import { anyJson, anyNumber, anyString, toJsonText } from './hostile-values';

export interface GrpcFuzzCall {
  path: string;
  /** What the body holds, for the counterexample: the message as an object, or the junk kind. */
  shape: string;
  body: Buffer;
  authorization?: string | undefined;
  /** The method answers with a stream: an accepted call stays open. */
  responseStream: boolean;
}

const MAX_MESSAGE_DEPTH = 4;
const TIMESTAMP = '.google.protobuf.Timestamp';

/** String fields whose text the server parses as JSON (inputs, payloads, metadata). */
const JSON_FIELD = /input|payload|metadata|data|output|json|labels|condition/i;

const INT32 = [0, 1, -1, 2 ** 31 - 1, -(2 ** 31), 1000];
const UINT32 = [0, 1, 2 ** 32 - 1, 2 ** 31];
const INT64 = [
  0,
  1,
  -1,
  2 ** 53 - 1,
  -(2 ** 53 - 1),
  '9223372036854775807',
  '-9223372036854775808',
];
const UINT64 = [0, 1, 2 ** 53 - 1, '18446744073709551615'];
const FLOATS = [0, -0, NaN, Infinity, -Infinity, 1e308, -1e-308];

function scalarValues(field: protobuf.Field, ids: readonly string[]): fc.Arbitrary<unknown> {
  switch (field.type) {
    case 'string':
      return JSON_FIELD.test(field.name)
        ? fc.oneof(anyJson.map(toJsonText), anyString)
        : fc.oneof(anyString, fc.constantFrom(...ids));
    case 'bytes':
      return fc.oneof(
        fc.uint8Array({ maxLength: 32 }),
        anyJson.map((value) => Buffer.from(toJsonText(value))),
      );
    case 'bool':
      return fc.boolean();
    case 'int32':
    case 'sint32':
    case 'sfixed32':
      return fc.oneof(fc.constantFrom(...INT32), fc.integer());
    case 'uint32':
    case 'fixed32':
      return fc.oneof(fc.constantFrom(...UINT32), fc.nat());
    case 'int64':
    case 'sint64':
    case 'sfixed64':
      return fc.oneof(fc.constantFrom(...INT64), fc.integer());
    case 'uint64':
    case 'fixed64':
      return fc.oneof(fc.constantFrom(...UINT64), fc.nat());
    default:
      return fc.oneof(fc.constantFrom(...FLOATS), anyNumber);
  }
}

/** Timestamps past both ends of what Date and PostgreSQL hold, and nanos out of range. */
const timestamps = fc.record({
  seconds: fc.oneof(
    fc.constantFrom(0, -1, -62_135_596_801, 253_402_300_800, 2 ** 53 - 1, 1_767_225_600),
    fc.integer(),
  ),
  nanos: fc.constantFrom(0, -1, 999_999_999, 1_000_000_000, 2 ** 31 - 1),
});

function singleValues(
  field: protobuf.Field,
  depth: number,
  ids: readonly string[],
): fc.Arbitrary<unknown> {
  field.resolve();
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) {
    if (resolved.fullName === TIMESTAMP) return timestamps;
    return depth >= MAX_MESSAGE_DEPTH ? fc.constant({}) : messageValues(resolved, depth + 1, ids);
  }
  if (resolved instanceof protobuf.Enum) {
    // Known members by name, or numbers no member has.
    return fc.oneof(
      fc.constantFrom(...Object.keys(resolved.values)),
      fc.integer({ min: -3, max: 1000 }),
    );
  }
  return scalarValues(field, ids);
}

function fieldValues(
  field: protobuf.Field,
  depth: number,
  ids: readonly string[],
): fc.Arbitrary<unknown> {
  const single = singleValues(field, depth, ids);
  if (field instanceof protobuf.MapField) {
    return fc
      .array(fc.tuple(fc.oneof(anyString, fc.constantFrom(...ids)), single), { maxLength: 3 })
      .map((entries) => Object.fromEntries(entries));
  }
  if (field.repeated) return fc.array(single, { maxLength: 3 });
  return single;
}

/** Objects for `type.fromObject`: each field present or not, with a hostile value. */
function messageValues(
  type: protobuf.Type,
  depth: number,
  ids: readonly string[],
): fc.Arbitrary<Record<string, unknown>> {
  const fields = type.fieldsArray.map((field) =>
    fc
      .option(fieldValues(field, depth, ids), { freq: 3 })
      .map((value) => [field.name, value] as const),
  );
  return fc
    .tuple(...fields)
    .map((entries) => Object.fromEntries(entries.filter(([, value]) => value !== null)));
}

/** Bodies that break gRPC's own framing rather than the message inside it. */
const brokenFraming = fc.constantFrom<[string, Buffer]>(
  ['no message', Buffer.alloc(0)],
  ['prefix announcing more than follows', Buffer.from([0, 0, 0, 0, 9, 1, 2])],
  ['half a prefix', Buffer.from([0, 0, 0])],
  ['compressed without grpc-encoding', Buffer.from([1, 0, 0, 0, 1, 0])],
  ['compression flag 2', Buffer.from([2, 0, 0, 0, 0])],
  ['two messages', Buffer.concat([frameMessage(Buffer.alloc(0)), frameMessage(Buffer.alloc(0))])],
);

interface Method {
  path: string;
  requestType: protobuf.Type;
  requestStream: boolean;
  responseStream: boolean;
}

/** Every method of every service the gRPC server serves. */
export function grpcMethods(): Method[] {
  const root = loadOurRoot();
  return Object.values(GRPC_SERVICES).flatMap((serviceName) => {
    const service = root.lookupService(serviceName);
    return service.methodsArray.map((method) => {
      method.resolve();
      return {
        path: `/${serviceName}/${method.name}`,
        requestType: method.resolvedRequestType!,
        requestStream: Boolean(method.requestStream),
        responseStream: Boolean(method.responseStream),
      };
    });
  });
}

function bodiesOf(method: Method, ids: readonly string[]): fc.Arbitrary<[string, Buffer]> {
  const type = method.requestType;
  const encoded = messageValues(type, 0, ids).map((object) => {
    const bytes = Buffer.from(type.encode(type.fromObject(object)).finish());
    return [
      JSON.stringify(object, (_key, value: unknown) =>
        Buffer.isBuffer(value) ? [...value] : value,
      ),
      bytes,
    ] as [string, Buffer];
  });
  // A streaming request carries one to three messages.
  const messages = method.requestStream
    ? fc.array(encoded, { minLength: 1, maxLength: 3 })
    : encoded.map((one) => [one]);
  const wellFormed = messages.map((list): [string, Buffer] => [
    list.map(([shape]) => shape).join(' + '),
    Buffer.concat(list.map(([, bytes]) => frameMessage(bytes))),
  ]);
  // Cut anywhere before the end (a message type without fields has nothing to cut).
  const truncated = fc
    .tuple(encoded, fc.nat())
    .map(([[shape, bytes], cut]): [string, Buffer] => [
      `cut short: ${shape}`,
      frameMessage(bytes.subarray(0, bytes.length === 0 ? 0 : cut % bytes.length)),
    ]);
  const random = fc
    .uint8Array({ minLength: 1, maxLength: 64 })
    .map((bytes): [string, Buffer] => [`random bytes`, frameMessage(bytes)]);
  return fc.oneof(
    { weight: 6, arbitrary: wellFormed },
    { weight: 2, arbitrary: truncated },
    { weight: 2, arbitrary: random },
    { weight: 1, arbitrary: brokenFraming },
  );
}

/** Calls to one method; `ids` seed the string pools, `tokens` the credentials sent. */
export function callsTo(
  method: Method,
  ids: readonly string[],
  tokens: { valid: string; other: string },
): fc.Arbitrary<GrpcFuzzCall> {
  const authorization = fc.oneof(
    { weight: 8, arbitrary: fc.constant(`bearer ${tokens.valid}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        undefined,
        'bearer',
        'bearer not-a-token',
        `Basic ${tokens.valid}`,
        // Another tenant's token: valid, but nothing of this tenant's is its.
        `bearer ${tokens.other}`,
      ),
    },
  );
  return fc.tuple(bodiesOf(method, ids), authorization).map(([[shape, body], auth]) => ({
    path: method.path,
    shape,
    body,
    authorization: auth,
    responseStream: method.responseStream,
  }));
}
