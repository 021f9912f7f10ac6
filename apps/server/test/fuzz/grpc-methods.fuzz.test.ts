/**
 * Fuzzes every method of the worker protocol (./grpc-requests.ts) over a real HTTP/2
 * connection to the gRPC server on a fresh database. Properties, for every case:
 * - the call ends with a status (or, for a subscription the server accepted, stays open);
 * - never UNKNOWN, and never INTERNAL but for the wire-level violations (a message cut off by
 *   the end of the request, an invalid compression flag, a message that does not decode as
 *   protobuf) that gRPC's status code table and grpc-js answer INTERNAL, which the transport
 *   tests pin down; a handler's failure ('internal error') is always a bug;
 * - nothing reaches the server's error log (the engine's background work included);
 * - the connection keeps serving valid calls.
 */
import type { ClientHttp2Session } from 'node:http2';
import { inspect } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_GRPC_MESSAGE_BYTES, Status } from '../../src/grpc/transport/status';
import { createTenantToken, startTestServer, type TestServer } from '../sdk/harness';
import { callGrpc, frameMessage, openSession, type CallOutcome } from './grpc-call';
import { loadOurRoot } from '../protocol/harness';
import { callsTo, grpcMethods, type GrpcFuzzCall } from './grpc-requests';
import { fuzzParameters, fuzzSummary, fuzzTimeout } from './fuzz-settings';

const CI_RUNS = 6_000;
/** How long an accepted subscription is held before the client cancels it. */
const SUBSCRIPTION_MS = 20;
/** Longer than any unary call takes: a call without an answer by then hangs. */
const UNARY_MS = 10_000;

/** gRPC's UNKNOWN, which our Status table leaves out because the server never means to send it. */
const UNKNOWN = 2;
/** The transport's wire-level refusals, which gRPC assigns INTERNAL (see the header comment). */
const WIRE_LEVEL_INTERNAL =
  /^(The request ended in the middle of a message|Invalid message compression flag \d+|Received a compressed message on a call without grpc-encoding|Error deserializing request: )/;

let server: TestServer;
let session: ClientHttp2Session;
let ids: string[];
let otherTenantToken: string;
const errorLog: unknown[][] = [];
/** GOAWAY codes the server sent: it must never end the connection over a call's contents. */
const goaways: number[] = [];

beforeAll(async () => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errorLog.push(args));
  server = await startTestServer();
  const { engine, tenantId } = server;
  await engine.putWorkflow(tenantId, {
    name: 'fuzz-workflow',
    tasks: [{ readableId: 'step', actionId: 'fuzz-workflow:step' }],
  });
  const [runId] = await engine.trigger(tenantId, [{ workflowName: 'fuzz-workflow', input: {} }]);
  const run = await engine.getRunDetails(tenantId, runId!);
  const workerId = await engine.registerWorker(tenantId, {
    name: 'fuzz-worker',
    actions: ['other-workflow:step'],
    slotConfig: { default: 1 },
  });
  const [eventId] = await engine.pushEvents(tenantId, [{ key: 'fuzz:event', payload: {} }]);
  ids = [
    tenantId,
    runId!,
    run.tasks[0]!.externalId,
    workerId,
    eventId!,
    'fuzz-workflow',
    'fuzz-workflow:step',
    'step',
    'fuzz:event',
  ];
  otherTenantToken = (await createTenantToken(server.db, server.address)).token;
  await connect();
});

/** Calls made on the current connection. */
let calls = 0;
/**
 * The fuzzer cancels every subscription the server accepts, and a call the server refuses
 * before its request is all sent ends in a reset too, faster than any client would: the
 * rapid-reset guards (ours: a burst of 200, then 20 a second; nghttp2's: 1000) would end the
 * connection, rightly. So each connection takes fewer calls than the burst, whatever share of
 * them end in a reset.
 */
const CALLS_PER_CONNECTION = 100;

async function connect(): Promise<void> {
  // The server may answer our own close with a GOAWAY of its own: not one to count.
  session?.removeAllListeners('goaway');
  session?.close();
  calls = 0;
  session = await openSession(server.address);
  session.on('goaway', (code: number) => goaways.push(code));
}

afterAll(async () => {
  session?.close();
  await server?.close();
  vi.restoreAllMocks();
});

function problemWith(outcome: CallOutcome, call: GrpcFuzzCall): string | undefined {
  if (outcome.kind === 'no-status') return outcome.detail;
  if (outcome.kind === 'open') return call.responseStream ? undefined : 'no answer';
  if (outcome.code === UNKNOWN) return `UNKNOWN: ${outcome.message}`;
  if (outcome.code === Status.INTERNAL && !WIRE_LEVEL_INTERNAL.test(outcome.message)) {
    return `INTERNAL: ${outcome.message}`;
  }
  return undefined;
}

async function stillServes(): Promise<boolean> {
  const outcome = await callGrpc(session, {
    path: '/Dispatcher/GetVersion',
    body: frameMessage(Buffer.alloc(0)),
    authorization: `bearer ${server.token}`,
    openForMs: UNARY_MS,
  });
  return outcome.kind === 'status' && outcome.code === Status.OK;
}

async function checkCall(call: GrpcFuzzCall): Promise<void> {
  const outcome = await callGrpc(session, {
    path: call.path,
    body: call.body,
    authorization: call.authorization,
    openForMs: call.responseStream ? SUBSCRIPTION_MS : UNARY_MS,
  });
  // Taken before any check fails, so that a failed case leaves nothing to the next one.
  const logged = errorLog.splice(0);
  const where =
    `${call.path} ${call.shape.slice(0, 1000)} → ${JSON.stringify(outcome)}` +
    logged.map((args) => `\nlogged: ${args.map((arg) => inspect(arg)).join(' ')}`).join('');
  expect(problemWith(outcome, call), where).toBeUndefined();
  expect(goaways, `GOAWAY after ${where}`).toEqual([]);
  expect(session.closed || session.destroyed, `connection lost after ${where}`).toBe(false);
  expect(logged, `logged as an unexpected error after ${where}`).toEqual([]);
  if (++calls >= CALLS_PER_CONNECTION) await connect();
}

describe('every gRPC method under hostile messages', () => {
  it(
    "answers generated calls with a refusal's status, and keeps serving",
    async () => {
      const calls = fc.oneof(
        ...grpcMethods().map((method) =>
          callsTo(method, ids, { valid: server.token, other: otherTenantToken }),
        ),
      );
      const parameters = fuzzParameters<[GrpcFuzzCall]>(CI_RUNS);
      const started = { wall: Date.now(), cpu: process.cpuUsage() };
      await fc.assert(fc.asyncProperty(calls, checkCall), parameters);
      console.log(fuzzSummary('gRPC', parameters.numRuns!, started));
      expect(await stillServes()).toBe(true);
      // The engine's background work on what the cases left behind reports here too.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(errorLog).toEqual([]);
    },
    fuzzTimeout(CI_RUNS, 5),
  );
});

/** What the fuzzer found, kept as plain cases of the same properties. */
describe('calls the fuzzer found answered badly', () => {
  const root = loadOurRoot();
  const call = (path: string, typeName: string, message: Record<string, unknown>) => {
    const type = root.lookupType(typeName);
    return checkCallAnd(path, frameMessage(type.encode(type.fromObject(message)).finish()));
  };
  async function checkCallAnd(path: string, body: Buffer) {
    const outcome = await callGrpc(session, {
      path,
      body,
      authorization: `bearer ${server.token}`,
      openForMs: UNARY_MS,
    });
    expect(goaways).toEqual([]);
    expect(errorLog.splice(0)).toEqual([]);
    return outcome;
  }

  it('cuts a status message quoting a huge id (the trailer broke the call: no status)', async () => {
    const outcome = await call('/v1.AdminService/ReplayTasks', 'v1.ReplayTasksRequest', {
      external_ids: ['💥'.repeat(60_000)],
    });
    expect(outcome).toMatchObject({ kind: 'status', code: Status.INVALID_ARGUMENT });
    const message = (outcome as { message: string }).message;
    expect(Buffer.byteLength(message)).toBeLessThanOrEqual(MAX_GRPC_MESSAGE_BYTES);
  });

  it('refuses text PostgreSQL cannot store (a NUL in a label: INTERNAL)', async () => {
    const outcome = await call('/Dispatcher/Register', 'WorkerRegisterRequest', {
      worker_name: 'labelled',
      labels: { zone: { str_value: 'a\u0000b' } },
    });
    expect(outcome).toMatchObject({ kind: 'status', code: Status.INVALID_ARGUMENT });
  });

  it('refuses JSON too deep to walk (JSON.stringify overflowed in the engine: INTERNAL)', async () => {
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    const outcome = await call(
      '/v1.AdminService/TriggerWorkflowRun',
      'v1.TriggerWorkflowRunRequest',
      {
        workflow_name: 'fuzz-workflow',
        input: Buffer.from('{}'),
        additional_metadata: Buffer.from(deep),
      },
    );
    expect(outcome).toMatchObject({ kind: 'status', code: Status.INVALID_ARGUMENT });
  });

  it('refuses a number JSON cannot hold (1e309 was stored as null: the engine batch failed)', async () => {
    const outcome = await call('/EventsService/Push', 'PushEventRequest', {
      key: 'fuzz:event',
      payload: '1e309',
    });
    expect(outcome).toMatchObject({ kind: 'status', code: Status.INVALID_ARGUMENT });
  });

  it('refuses a Timestamp past 9999 (PostgreSQL refused the date: the engine batch failed)', async () => {
    const outcome = await call('/EventsService/PutLog', 'PutLogRequest', {
      task_run_external_id: ids[2],
      created_at: { seconds: 253_402_300_800, nanos: 0 },
      message: 'log line',
    });
    expect(outcome).toMatchObject({ kind: 'status', code: Status.INVALID_ARGUMENT });
  });
});
