/**
 * Loads Trellis' Hatchet-compatible `.proto` files (this folder) into a proto-loader package
 * definition, for the gRPC transport's `addService(...)`. The wire contract they describe is
 * `reference/worker-protocol.md`; `apps/server/test/protocol/proto-compat.test.ts` proves them
 * against the unmodified `@hatchet-dev/typescript-sdk@1.33.2`.
 */
import { fileURLToPath } from 'node:url';
import { loadSync } from '@grpc/proto-loader';
import type { Options, PackageDefinition, ServiceDefinition } from '@grpc/proto-loader';

/** Directory holding the `.proto` files; also the import root (`import "v1/shared/trigger.proto"`). */
export const PROTO_DIR: string = fileURLToPath(new URL('.', import.meta.url));

/** Every `.proto` file, relative to {@link PROTO_DIR}. */
export const PROTO_FILES: readonly string[] = [
  'dispatcher/dispatcher.proto',
  'events/events.proto',
  'workflows/workflows.proto',
  'v1/shared/trigger.proto',
  'v1/shared/condition.proto',
  'v1/workflows.proto',
  'v1/dispatcher.proto',
  'google/rpc/status.proto',
];

/**
 * The gRPC services, keyed for our code, valued with the fully-qualified name the SDK dials
 * (`/<fullName>/<Method>`). The three v0 services live in the root package.
 */
export const GRPC_SERVICES = {
  dispatcher: 'Dispatcher',
  events: 'EventsService',
  workflows: 'WorkflowService',
  admin: 'v1.AdminService',
  durable: 'v1.V1Dispatcher',
} as const;

export type GrpcServiceKey = keyof typeof GRPC_SERVICES;

/**
 * How handler objects look (see `proto-compat.test.ts` for the mechanical proof):
 *
 * - `keepCase: true` — field names are exactly the `.proto` names (`task_run_external_id`,
 *   and the camelCase batch fields such as `batchStartPayload`), i.e. the names used by the
 *   reference doc. Casing never reaches the wire, so this is purely about our handler code:
 *   with camelCase conversion the snake_case/camelCase mix of the contract becomes ambiguous.
 * - `longs: Number` — the int64 fields (`event_index`, `node_id`, `branch_id`, `ttl_ms`,
 *   `order`, Timestamp `seconds`) are small counters/ids. The SDK itself (ts-proto with
 *   `forceLong=number`) reads them as JS numbers and throws beyond `Number.MAX_SAFE_INTEGER`,
 *   so strings would buy no range the client could use. Outbound, numbers and strings are
 *   both accepted.
 * - `enums: String` — handlers see `'STEP_EVENT_TYPE_COMPLETED'`, not `2`. Outbound, names
 *   and numbers are both accepted. An unknown inbound value stays a number.
 * - `defaults: true` — absent non-optional fields are filled with their zero values, as the
 *   SDK does. Proto3 `optional` fields keep their presence: absent means `undefined`.
 * - `oneofs: true` — a oneof gets a virtual property naming the set member, e.g.
 *   `DurableTaskRequest.message === 'wait_for'`. (Proto3 `optional` fields are synthetic
 *   oneofs, so they also get one, e.g. `_retry_count: 'retry_count'`; ignore those.)
 * - `bytes` stay `Buffer`s.
 */
export const PROTO_LOADER_OPTIONS = {
  keepCase: true,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
  includeDirs: [PROTO_DIR],
} satisfies Options;

/** Loads every `.proto` file and returns the proto-loader package definition. */
export function loadProtos(): PackageDefinition {
  return loadSync([...PROTO_FILES], PROTO_LOADER_OPTIONS);
}

/** The service definition for `transport.addService(...)`; throws if `fullName` is not a service. */
export function getServiceDefinition(
  packageDefinition: PackageDefinition,
  fullName: string,
): ServiceDefinition {
  const definition = packageDefinition[fullName];
  if (definition === undefined || 'format' in definition) {
    throw new Error(`${fullName} is not a gRPC service in the Trellis protos`);
  }
  return definition as ServiceDefinition;
}
