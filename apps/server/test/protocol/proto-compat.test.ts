/**
 * Mechanical proof that Trellis' own `.proto` files (apps/server/src/grpc/proto) speak the
 * wire of the unmodified `@hatchet-dev/typescript-sdk@1.33.2`, by comparison with the SDK's
 * generated ts-proto code (`@hatchet-dev/typescript-sdk/protoc/**`):
 *
 * 1. services: same services, same method paths (`/<package>.<Service>/<Method>`), same
 *    streaming flags and request/response message names;
 * 2. messages: same field numbers and wire types (probing the SDK's decoder), same writer
 *    method per field (recording the SDK's encoder), same enum-typed fields (the SDK's JSON
 *    mapping), same names and declared optionality (the SDK's `.d.ts`);
 * 3. enums: same names and numbers;
 * 4. round trips, both directions, of samples that set every field of every message used by
 *    every method (one sample per oneof member), plus all-zero samples that prove proto3
 *    `optional` presence; the server side goes through the proto-loader package definition from
 *    `loadProtos()`, i.e. exactly what our handlers will see.
 */
import type { MethodDefinition } from '@grpc/proto-loader';
import type protobuf from 'protobufjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { GRPC_SERVICES, getServiceDefinition, loadProtos } from '../../src/grpc/proto/load-protos';
import {
  checkSdkWrites,
  findSdkEnumValues,
  findSdkMessage,
  isProto3Optional,
  loadOurRoot,
  makeSample,
  onlyZero,
  ourEnumJsonNames,
  ourDecode,
  ourEncode,
  ourEnums,
  ourTypes,
  ourWireFields,
  reachableTypes,
  realOneof,
  recordSdkEncode,
  sdkDeclaredOptionality,
  sdkEncode,
  sdkEnumJsonNames,
  sdkMessageFullName,
  sdkMessageNames,
  sdkPropName,
  sdkServices,
  sdkWireFields,
  toSdk,
  variantCount,
} from './harness';
import type { Plain, SdkMessageFns, SdkMethod, SdkServiceDefinition } from './harness';

const packageDefinition = loadProtos();
const root = loadOurRoot();
const SDK_SERVICES = sdkServices();
const OUR_TYPES = ourTypes(root);

type AnyMethodDefinition = MethodDefinition<object, object>;

function ourMethod(service: SdkServiceDefinition, method: SdkMethod): AnyMethodDefinition {
  const definition = getServiceDefinition(packageDefinition, service.fullName)[method.name];
  if (!definition) throw new Error(`we lack /${service.fullName}/${method.name}`);
  return definition;
}

function ourReflectedMethod(service: SdkServiceDefinition, method: SdkMethod): protobuf.Method {
  const reflected = root.lookupService(service.fullName).methods[method.name];
  if (!reflected) throw new Error(`we lack ${service.fullName}.${method.name}`);
  reflected.resolve();
  return reflected;
}

function sdkMessage(type: protobuf.Type): SdkMessageFns {
  const fns = findSdkMessage(type);
  if (!fns) throw new Error(`the SDK has no message ${type.fullName}`);
  return fns;
}

/** Virtual oneof properties of real oneofs (set by `oneofs: true`) must name the set member. */
function expectOneofVirtuals(type: protobuf.Type, sample: Plain, decoded: Plain): void {
  for (const oneof of type.oneofsArray) {
    const first = oneof.fieldsArray[0];
    if (!first || !realOneof(first)) continue;
    const set = oneof.fieldsArray.find((f) => sample[f.name] !== undefined);
    expect(decoded[oneof.name], `${type.fullName}.${oneof.name}`).toBe(set?.name);
  }
}

/**
 * Both directions for one sample:
 * - server -> SDK: our serializer's bytes, decoded by the SDK, equal the SDK's own view of
 *   the sample;
 * - SDK -> server: the SDK's bytes, decoded by our deserializer, equal what our own bytes
 *   decode to, and carry every sample value in server form;
 * - for `full` samples, the two encoders produce identical bytes. (Not for `zero` samples:
 *   protobufjs writes every property that is set, zero or not, where ts-proto skips zero
 *   non-optional fields; decoders treat both the same.)
 */
function roundTrip(
  type: protobuf.Type,
  sample: Plain,
  serialize: (value: Plain) => Uint8Array,
  deserialize: (bytes: Buffer) => Plain,
  identicalBytes: boolean,
): void {
  const fns = sdkMessage(type);
  const sdkObject = toSdk(type, sample);

  const ourBytes = serialize(sample);
  // A plain Uint8Array copy, so that decoded `bytes` fields are not Buffer views.
  expect(fns.decode(new Uint8Array(ourBytes)), `${type.fullName}: server -> SDK`).toEqual(
    fns.fromPartial(sdkObject),
  );

  const sdkBytes = sdkEncode(fns, sdkObject);
  const seenByServer = deserialize(Buffer.from(sdkBytes));
  expect(seenByServer, `${type.fullName}: SDK -> server`).toEqual(
    deserialize(Buffer.from(ourBytes)),
  );
  expect(seenByServer, `${type.fullName}: SDK -> server carries the sample`).toMatchObject(sample);
  expectOneofVirtuals(type, sample, seenByServer);

  if (identicalBytes) {
    expect(Buffer.from(sdkBytes).toString('hex'), `${type.fullName}: identical bytes`).toBe(
      Buffer.from(ourBytes).toString('hex'),
    );
  }
}

interface Sample {
  mode: 'full' | 'zero';
  value: Plain;
}

/** Every sample a type needs: each oneof member once, in full and all-zero mode. */
function samplesFor(type: protobuf.Type, covered?: Set<string>): Sample[] {
  const samples: Sample[] = [];
  for (let variant = 0; variant < variantCount(type); variant++) {
    for (const mode of ['full', 'zero'] as const) {
      const opts = { mode, variant, ...(covered && mode === 'full' ? { covered } : {}) };
      samples.push({ mode, value: makeSample(type, opts) });
    }
  }
  return samples;
}

describe('services', () => {
  it('we define exactly the services the SDK dials', () => {
    const ours = Object.keys(packageDefinition).filter((name) => {
      const def = packageDefinition[name];
      return def !== undefined && !('format' in def);
    });
    expect(ours.sort()).toEqual(SDK_SERVICES.map((s) => s.fullName).sort());
    expect(Object.values(GRPC_SERVICES).sort()).toEqual(ours.sort());
  });

  describe.each(SDK_SERVICES.map((s) => [s.fullName, s] as const))('%s', (_name, service) => {
    it('has exactly the SDK methods', () => {
      const ours = Object.keys(getServiceDefinition(packageDefinition, service.fullName));
      expect(ours.sort()).toEqual(
        Object.values(service.methods)
          .map((m) => m.name)
          .sort(),
      );
    });

    it.each(Object.values(service.methods).map((m) => [m.name, m] as const))(
      '%s: path, streaming, message types and round trips',
      (_method, method) => {
        const ours = ourMethod(service, method);
        // nice-grpc (the SDK's client) dials `/${fullName}/${name}`.
        expect(ours.path).toBe(`/${service.fullName}/${method.name}`);
        expect(ours.requestStream).toBe(method.requestStream);
        expect(ours.responseStream).toBe(method.responseStream);

        const reflected = ourReflectedMethod(service, method);
        const requestType = reflected.resolvedRequestType;
        const responseType = reflected.resolvedResponseType;
        if (!requestType || !responseType) throw new Error('unresolved method types');
        expect(requestType.fullName).toBe(sdkMessageFullName(method.requestType));
        expect(responseType.fullName).toBe(sdkMessageFullName(method.responseType));

        for (const { mode, value } of samplesFor(requestType)) {
          roundTrip(
            requestType,
            value,
            (v) => ours.requestSerialize(v),
            (b) => ours.requestDeserialize(b) as Plain,
            mode === 'full',
          );
        }
        for (const { mode, value } of samplesFor(responseType)) {
          roundTrip(
            responseType,
            value,
            (v) => ours.responseSerialize(v),
            (b) => ours.responseDeserialize(b) as Plain,
            mode === 'full',
          );
        }
      },
    );
  });

  it('the method round trips cover every field of every message the methods use', () => {
    const covered = new Set<string>();
    const needed = new Set<string>();
    for (const service of SDK_SERVICES) {
      for (const method of Object.values(service.methods)) {
        const reflected = ourReflectedMethod(service, method);
        for (const type of [reflected.resolvedRequestType, reflected.resolvedResponseType]) {
          if (!type) throw new Error('unresolved method type');
          samplesFor(type, covered);
          for (const t of reachableTypes(type)) {
            for (const f of t.fieldsArray) needed.add(`${t.fullName}.${f.name}`);
          }
        }
      }
    }
    expect([...needed].filter((f) => !covered.has(f))).toEqual([]);
    expect(needed.size).toBeGreaterThan(300);
  });
});

describe('messages', () => {
  it('we define every message the SDK defines, and nothing else', () => {
    const ours = OUR_TYPES.map((t) => t.fullName).sort();
    expect(ours).toEqual(sdkMessageNames().sort());
  });

  it.each(OUR_TYPES.map((t) => [t.fullName, t] as const))('%s', (_name, type) => {
    const fns = sdkMessage(type);

    // Field names (ts-proto camelCases them) — names never reach the wire, but our handlers
    // and the reference doc use the same ones.
    expect(Object.keys(fns.fromPartial({})).sort(), 'field names').toEqual(
      type.fieldsArray.map((f) => sdkPropName(f.name)).sort(),
    );

    // Field numbers and wire types, as the SDK's decoder accepts them.
    expect([...sdkWireFields(fns)].sort(), 'field numbers / wire types').toEqual(
      [...ourWireFields(type)].sort(),
    );

    // Which varint fields are enums (and which enum: the name of value 1).
    expect(sdkEnumJsonNames(fns, type), 'enum-typed fields').toEqual(ourEnumJsonNames(type));

    // Declared optionality (proto3 `optional`, oneof members).
    const declared = sdkDeclaredOptionality(type);
    expect(declared, 'SDK interface declaration').toBeDefined();
    for (const field of type.fieldsArray) {
      if (field.repeated || field.map) continue;
      const optional = isProto3Optional(field) || realOneof(field) !== null;
      expect(declared?.get(sdkPropName(field.name)), `${field.name} optional`).toBe(optional);
    }

    // Writer method per field (int32/int64/sint32, float/double, string/bytes, enum, map...).
    const problems: string[] = [];
    const written = new Set<string>();
    const set = new Set<string>();
    for (let variant = 0; variant < variantCount(type); variant++) {
      const sample = makeSample(type, { mode: 'full', variant, covered: set });
      checkSdkWrites(type, recordSdkEncode(fns, toSdk(type, sample)), problems, written);
    }
    expect(problems, 'SDK encoder vs our types').toEqual([]);
    const defaultOnly = new Set(
      [...reachableTypes(type)].flatMap((t) =>
        t.fieldsArray.filter(onlyZero).map((f) => `${t.fullName}.${f.name}`),
      ),
    );
    expect(
      [...set].filter((f) => !written.has(f) && !defaultOnly.has(f)),
      'fields the SDK did not write',
    ).toEqual([]);

    // Round trips through protobufjs reflection with the loader's conversion options (covers
    // messages not reachable from any method, e.g. google.rpc.Status details).
    for (const { mode, value } of samplesFor(type)) {
      roundTrip(
        type,
        value,
        (v) => ourEncode(type, v),
        (b) => ourDecode(type, b),
        mode === 'full',
      );
    }
  });
});

describe('enums', () => {
  it.each(ourEnums(root).map((e) => [e.fullName, e] as const))('%s', (_name, e) => {
    expect(findSdkEnumValues(e)).toEqual(e.values);
  });
});

describe('what handlers see (loader options)', () => {
  let dispatcher: ReturnType<typeof getServiceDefinition>;
  beforeAll(() => {
    dispatcher = getServiceDefinition(packageDefinition, GRPC_SERVICES.dispatcher);
  });

  it('absent proto3 optional fields stay undefined; other fields get defaults', () => {
    const method = dispatcher['SendStepActionEvent'];
    if (!method) throw new Error('missing SendStepActionEvent');
    const event = method.requestDeserialize(Buffer.alloc(0)) as Plain;
    expect(event['retry_count']).toBeUndefined();
    expect(event['should_not_retry']).toBeUndefined();
    expect(event['task_run_external_id']).toBe('');
    expect(event['event_type']).toBe('STEP_EVENT_TYPE_UNKNOWN');
    // A non-optional message field defaults to null, not undefined.
    expect(event['event_timestamp']).toBeNull();
  });

  it('present-but-zero optional fields are kept (SDK -> server)', () => {
    const method = dispatcher['SendStepActionEvent'];
    if (!method) throw new Error('missing SendStepActionEvent');
    const bytes = sdkEncode(sdkMessage(root.lookupType('StepActionEvent')), {
      retryCount: 0,
      shouldNotRetry: false,
    });
    const event = method.requestDeserialize(Buffer.from(bytes)) as Plain;
    expect(event['retry_count']).toBe(0);
    expect(event['should_not_retry']).toBe(false);
  });

  it('snake_case names, enum names, int64 as numbers, oneof discriminator', () => {
    const durable = getServiceDefinition(packageDefinition, GRPC_SERVICES.durable)['DurableTask'];
    if (!durable) throw new Error('missing DurableTask');
    const type = root.lookupType('v1.DurableTaskRequest');
    const bytes = sdkEncode(sdkMessage(type), {
      workerStatus: {
        workerId: 'w1',
        waitingEntries: [
          { durableTaskExternalId: 't1', branchId: 2 ** 40, nodeId: 7, invocationCount: 1 },
        ],
      },
    });
    expect(durable.requestDeserialize(Buffer.from(bytes))).toMatchObject({
      message: 'worker_status',
      worker_status: {
        worker_id: 'w1',
        waiting_entries: [
          { durable_task_external_id: 't1', branch_id: 2 ** 40, node_id: 7, invocation_count: 1 },
        ],
      },
    });

    const listen = dispatcher['ListenV2'];
    if (!listen) throw new Error('missing ListenV2');
    const sdkAction = sdkMessage(root.lookupType('AssignedAction')).decode(
      listen.responseSerialize({ action_type: 'CANCEL_STEP_RUN', task_run_external_id: 'x' }),
    );
    expect(sdkAction['actionType']).toBe(1);
    expect(sdkAction['taskRunExternalId']).toBe('x');
  });
});
