/**
 * End-to-end counterpart of proto-compat.test.ts: our gRPC transport (src/grpc/transport),
 * serving the definitions from `loadProtos()`, answers the SDK's own client stack (`createGrpcClient` from
 * `@hatchet-dev/typescript-sdk/util/grpc-helpers`: nice-grpc, the SDK's channel options with
 * gzip as default compression, and its `authorization: bearer <token>` middleware) on every
 * method of every service, unary and streaming, with samples that set every field.
 */
import type { IncomingHttpHeaders } from 'node:http2';
import type { ServiceDefinition } from '@grpc/proto-loader';
import { createGrpcClient } from '@hatchet-dev/typescript-sdk/util/grpc-helpers.js';
import type protobuf from 'protobufjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getServiceDefinition, loadProtos } from '../../src/grpc/proto/load-protos';
import type {
  BidiStreamingCall,
  ServerStreamingCall,
  UnaryCall,
} from '../../src/grpc/transport/calls';
import { GrpcTransport, type ServiceImplementation } from '../../src/grpc/transport/server';
import { GrpcError, Status } from '../../src/grpc/transport/status';
import { loadOurRoot, makeSample, sdkServices, toSdk, variantCount } from './harness';
import type { Plain, SdkMethod, SdkServiceDefinition } from './harness';

const TOKEN = 'e2e-token';
const packageDefinition = loadProtos();
const root = loadOurRoot();
const SDK_SERVICES = sdkServices();

/** Full and all-zero samples of a type, every oneof member once, in server form. */
function samples(type: protobuf.Type): Plain[] {
  const out: Plain[] = [];
  for (let variant = 0; variant < variantCount(type); variant++) {
    out.push(
      makeSample(type, { mode: 'full', variant }),
      makeSample(type, { mode: 'zero', variant }),
    );
  }
  return out;
}

/** Buffers (views into received frames) become plain Uint8Array copies, for comparisons. */
function plainBytes(value: unknown): unknown {
  if (value instanceof Uint8Array) return new Uint8Array(value);
  if (Array.isArray(value)) return value.map(plainBytes);
  if (value instanceof Date || typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainBytes(v)]));
}

interface MethodFixture {
  service: SdkServiceDefinition;
  key: string;
  method: SdkMethod;
  requestType: protobuf.Type;
  responseType: protobuf.Type;
  requests: Plain[];
  responses: Plain[];
  /** Requests as our handlers received them. */
  received: Plain[];
  authorization: unknown[];
  nextResponse: number;
}

const fixtures = new Map<string, MethodFixture>();
for (const service of SDK_SERVICES) {
  for (const [key, method] of Object.entries(service.methods)) {
    const reflected = root.lookupService(service.fullName).methods[method.name];
    reflected?.resolve();
    const requestType = reflected?.resolvedRequestType;
    const responseType = reflected?.resolvedResponseType;
    if (!requestType || !responseType)
      throw new Error(`we lack ${service.fullName}.${method.name}`);
    fixtures.set(`/${service.fullName}/${method.name}`, {
      service,
      key,
      method,
      requestType,
      responseType,
      requests: samples(requestType),
      responses: samples(responseType),
      received: [],
      authorization: [],
      nextResponse: 0,
    });
  }
}

function fixtureFor(path: string): MethodFixture {
  const fixture = fixtures.get(path);
  if (!fixture) throw new Error(`no fixture for ${path}`);
  return fixture;
}

/** Records every request and answers with the response samples. */
function implement(definition: ServiceDefinition): ServiceImplementation {
  const implementation: ServiceImplementation = {};
  for (const [name, method] of Object.entries(definition)) {
    const fixture = fixtureFor(method.path);
    const record = (request: Plain, metadata: IncomingHttpHeaders): void => {
      fixture.received.push(request);
      fixture.authorization.push(metadata.authorization);
    };
    if (!method.requestStream && !method.responseStream) {
      implementation[name] = async (call: UnaryCall<Plain>) => {
        record(call.request, call.metadata);
        return fixture.responses[fixture.nextResponse++ % fixture.responses.length];
      };
    } else if (!method.requestStream) {
      implementation[name] = async (call: ServerStreamingCall<Plain, Plain>) => {
        record(call.request, call.metadata);
        for (const response of fixture.responses) call.write(response);
        call.end();
      };
    } else if (method.responseStream) {
      implementation[name] = async (call: BidiStreamingCall<Plain, Plain>) => {
        call.on('data', (request) => record(request, call.metadata));
        call.on('end', () => {
          for (const response of fixture.responses) call.write(response);
          call.end();
        });
      };
    } else {
      throw new Error(`${method.path}: client streaming is not part of the contract`);
    }
  }
  return implementation;
}

type ClientMethod = (request: unknown) => unknown;

let server: GrpcTransport;
let clients: { client: Record<string, ClientMethod>; close: () => void }[] = [];
const clientByService = new Map<string, Record<string, ClientMethod>>();

beforeAll(async () => {
  server = new GrpcTransport({
    maxMessageBytes: 4 * 1024 * 1024,
    // A fixture bug shows as the call's error.
    toStatus: (error) => new GrpcError(Status.INTERNAL, String(error)),
  });
  for (const service of SDK_SERVICES) {
    const definition = getServiceDefinition(packageDefinition, service.fullName);
    server.addService(definition, implement(definition));
  }
  const port = await server.listen('127.0.0.1', 0);
  // The subset of the SDK's ClientConfig that createGrpcClient reads.
  const config = {
    host_port: `127.0.0.1:${port}`,
    token: TOKEN,
    tls_config: { tls_strategy: 'none' },
  } as unknown as Parameters<typeof createGrpcClient>[0];
  clients = SDK_SERVICES.map((service) => {
    const { client, channel } = createGrpcClient(config, service as never);
    clientByService.set(service.fullName, client as unknown as Record<string, ClientMethod>);
    return {
      client: client as unknown as Record<string, ClientMethod>,
      close: () => channel.close(),
    };
  });
});

afterAll(async () => {
  for (const c of clients) c.close();
  await server?.close();
});

async function* iterate<T>(items: T[]): AsyncIterable<T> {
  for (const item of items) yield item;
}

async function collect(stream: AsyncIterable<unknown>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const item of stream) out.push(item);
  return out;
}

describe.each(SDK_SERVICES.map((s) => [s.fullName, s] as const))(
  'SDK client -> %s',
  (_n, service) => {
    it.each(Object.keys(service.methods))('%s', async (key) => {
      const method = service.methods[key];
      if (!method) throw new Error(`no method ${key}`);
      const path = `/${service.fullName}/${method.name}`;
      const fixture = fixtureFor(path);
      const ours = getServiceDefinition(packageDefinition, service.fullName)[method.name];
      const client = clientByService.get(service.fullName)?.[key];
      if (!ours || !client) throw new Error(`missing ${path}`);

      const sdkRequests = fixture.requests.map((r) => toSdk(fixture.requestType, r));
      const got: unknown[] = [];
      let expectedResponses: Plain[];
      if (!method.requestStream && !method.responseStream) {
        const calls = Math.max(sdkRequests.length, fixture.responses.length);
        for (let i = 0; i < calls; i++) {
          got.push(await client(sdkRequests[i % sdkRequests.length]));
        }
        expectedResponses = Array.from(
          { length: calls },
          (_v, i) => fixture.responses[i % fixture.responses.length] as Plain,
        );
        fixture.requests = Array.from(
          { length: calls },
          (_v, i) => fixture.requests[i % fixture.requests.length] as Plain,
        );
      } else if (!method.requestStream) {
        for (const request of sdkRequests) {
          got.push(...(await collect(client(request) as AsyncIterable<unknown>)));
        }
        expectedResponses = sdkRequests.flatMap(() => fixture.responses);
      } else {
        got.push(...(await collect(client(iterate(sdkRequests)) as AsyncIterable<unknown>)));
        expectedResponses = fixture.responses;
      }

      // What our handlers saw is exactly what our own encoding of the samples decodes to.
      expect(fixture.received).toEqual(
        fixture.requests.map((r) => ours.requestDeserialize(ours.requestSerialize(r))),
      );
      expect(fixture.authorization.every((a) => a === `bearer ${TOKEN}`)).toBe(true);
      // What the SDK got is exactly its own view of the response samples.
      expect(plainBytes(got)).toEqual(
        expectedResponses.map((r) =>
          method.responseType.fromPartial(toSdk(fixture.responseType, r)),
        ),
      );
    });
  },
);
