/**
 * Typed error details the SDK reads from `grpc-status-details-bin`: a `google.rpc.Status`
 * whose `details` carry the idempotency collision (`v1.IdempotencyCollisionError`, or for a
 * bulk trigger `v1.BulkTriggerIdempotencyCollisionError`), encoded with protobufjs from our
 * own `.proto` files.
 */
import protobuf from 'protobufjs';
import type { IdempotencyCollisions } from '@trellis/engine';
import { PROTO_DIR } from './proto/load-protos';
import { GrpcError, Status } from './transport/status';

let root: protobuf.Root | undefined;

function types() {
  if (!root) {
    root = new protobuf.Root();
    root.resolvePath = (_origin, target) => `${PROTO_DIR}${target}`;
    root.loadSync(['google/rpc/status.proto', 'v1/workflows.proto'], { keepCase: true });
  }
  return {
    status: root.lookupType('google.rpc.Status'),
    single: root.lookupType('v1.IdempotencyCollisionError'),
    bulk: root.lookupType('v1.BulkTriggerIdempotencyCollisionError'),
  };
}

function any(type: protobuf.Type, value: object) {
  return {
    type_url: `type.googleapis.com/${type.fullName.slice(1)}`,
    value: type.encode(type.create(value)).finish(),
  };
}

/** ALREADY_EXISTS for a trigger whose idempotency key is taken, as the SDK decodes it. */
export function idempotencyCollisionError(
  message: string,
  collisions: IdempotencyCollisions,
  bulk: boolean,
): GrpcError {
  const { status, single, bulk: bulkType } = types();
  const pairs = collisions.collisions.map((c) => ({
    existing_run_external_id: c.existingRunId,
    colliding_run_external_id: c.collidingRunId,
  }));
  const detail = bulk
    ? any(bulkType, {
        successful_workflow_run_external_ids: collisions.createdRunIds,
        collisions: pairs,
      })
    : any(single, pairs[0] ?? {});
  const encoded = status
    .encode(status.create({ code: Status.ALREADY_EXISTS, message, details: [detail] }))
    .finish();
  return new GrpcError(Status.ALREADY_EXISTS, message, Buffer.from(encoded));
}
