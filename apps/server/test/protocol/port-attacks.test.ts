/**
 * The worker port attacked the way an outsider would: raw HTTP/2 frames on loopback sockets
 * (raw-http2.ts) and node:http2 client sessions, against the real server (engine, services,
 * transport; test/sdk/harness.ts) while a real SDK worker process, on its own connections,
 * completes task after task. Each attack is bounded in count and time, and each test checks
 * three things: the attacker is cut off (GOAWAY, its socket closed) or refused, the memory in
 * use stays within a bound far below what the attack would cost without the limits, and the
 * worker's runs, triggered one after another from the attack's start, all complete, two of
 * them after the attack.
 *
 * The deadlines and budgets are shortened through the transport's limits so that the tests
 * are quick; stream, header and reset limits are the production ones. Waits are generous and
 * nothing asserts on time.
 */
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getServiceDefinition, GRPC_SERVICES, loadProtos } from '../../src/grpc/proto/load-protos';
import {
  MAX_CONCURRENT_STREAMS,
  RESET_BURST,
  type TransportLimits,
} from '../../src/grpc/transport/limits';
import { Status } from '../../src/grpc/transport/status';
import { eventually, killAll, startTestServer, startWorker, type TestServer } from '../sdk/harness';
import {
  ErrorCode,
  Flag,
  frame,
  FrameType,
  grpcMessage,
  headerBlock,
  RawClient,
  requestBlock,
  ping,
  rstStream,
  times,
} from './raw-http2';

const MIB = 1024 * 1024;
const LIMITS: Partial<TransportLimits> = {
  prefaceTimeoutMs: 1_000,
  authenticationTimeoutMs: 3_000,
  maxUnsentBytesPerConnection: 4 * MIB,
  maxConnections: 40,
};
/**
 * What an attack may add to the memory in use (live, after collection): the budgets that
 * apply (16 MiB of partial messages at most) and the test's own share, far below what the
 * attacks cost without limits (the 4 MiB prefixes alone, 2 GiB).
 */
const MEMORY_BOUND = 64 * MIB;
const HEARTBEAT = '/Dispatcher/Heartbeat';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer({}, LIMITS);
  port = Number(server.address.split(':')[1]);
  await startWorker(server.address, server.token);
}, 120_000);
afterAll(async () => {
  await killAll();
  await server?.close();
});

/** Memory that server state lives in: the JavaScript heap and buffers outside it. */
function memoryInUse(): number {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

/**
 * Runs `attack` while the SDK worker is kept busy with `simple` runs triggered one after
 * another, and while the memory in use is sampled (after a collection, so that it is what is
 * held, not garbage). Resolves once the worker has completed two more runs after the attack
 * returned, with the most memory seen above the start.
 */
async function underAttack(attack: () => Promise<void>): Promise<{ memoryGrowth: number }> {
  gc();
  const before = memoryInUse();
  let peak = before;
  const sampler = setInterval(() => {
    gc();
    peak = Math.max(peak, memoryInUse());
  }, 100);
  const completed: string[] = [];
  const failed: string[] = [];
  let stopped = false;
  const workload = (async () => {
    while (!stopped) {
      const [runId] = await server.engine.trigger(server.tenantId, [
        { workflowName: 'simple', input: { Message: 'Under Attack' } },
      ]);
      const status = await eventually(async () => {
        const { status } = await server.engine.getRunDetails(server.tenantId, runId!);
        return ['COMPLETED', 'FAILED', 'CANCELLED'].includes(status) ? status : undefined;
      });
      (status === 'COMPLETED' ? completed : failed).push(runId!);
    }
  })();
  try {
    await attack();
    const after = completed.length;
    await eventually(async () => (completed.length >= after + 2 ? true : undefined));
  } finally {
    stopped = true;
    clearInterval(sampler);
    await workload;
  }
  expect(failed).toEqual([]);
  expect(completed.length).toBeGreaterThanOrEqual(2);
  return { memoryGrowth: peak - before };
}

function session(): ClientHttp2Session {
  // Room for what the attacks send: past node's default 10 MB a client session refuses the
  // server's answers itself.
  const client = connect(`http://${server.address}`, { maxSessionMemory: 1024 });
  client.on('error', () => {});
  return client;
}

/** Makes one call with the server's token on `client`, which authenticates its connection. */
function authenticate(client: ClientHttp2Session): Promise<void> {
  const stream = client.request({
    ':method': 'POST',
    ':path': HEARTBEAT,
    'content-type': 'application/grpc',
    authorization: `bearer ${server.token}`,
  });
  stream.on('error', () => {});
  stream.resume();
  stream.end(grpcMessage(Buffer.alloc(0)));
  return new Promise((resolve) => stream.on('close', resolve));
}

const closed = (client: ClientHttp2Session) =>
  new Promise<void>((resolve) => {
    if (client.destroyed) resolve();
    else client.once('close', () => resolve());
  });

describe('the worker port under attack', () => {
  it('cuts off a client that resets streams as fast as it opens them (CVE-2023-44487)', async () => {
    const attacker = await RawClient.open(port);
    const { memoryGrowth } = await underAttack(async () => {
      // Every request is whole (headers, a message, END_STREAM), so each would start a call
      // if the reset right after it did not end it.
      const requestThenReset = (i: number) =>
        Buffer.concat([
          frame(FrameType.HEADERS, Flag.END_HEADERS, 1 + 2 * i, requestBlock(HEARTBEAT)),
          frame(FrameType.DATA, Flag.END_STREAM, 1 + 2 * i, grpcMessage(Buffer.alloc(0))),
          rstStream(1 + 2 * i),
        ]);
      await attacker.sendAll(times(5 * RESET_BURST, requestThenReset), 20);
      await attacker.until(() => attacker.closed);
    });
    // Our limit, not nghttp2's (INTERNAL_ERROR after 1000 resets), and well before it.
    expect(attacker.goaway?.code).toBe(ErrorCode.ENHANCE_YOUR_CALM);
    expect(attacker.goaway!.lastStreamId).toBeLessThan(2 * 1000);
    expect(memoryGrowth).toBeLessThan(MEMORY_BOUND);
  });

  it('ends a connection that opens streams past the limit', async () => {
    const attacker = await RawClient.open(port);
    const { memoryGrowth } = await underAttack(async () => {
      // Requests that never end hold their streams open.
      const openStream = (i: number) =>
        frame(FrameType.HEADERS, Flag.END_HEADERS, 1 + 2 * i, requestBlock(HEARTBEAT));
      await attacker.sendAll(times(MAX_CONCURRENT_STREAMS + 200, openStream), 50);
      await attacker.until(() => attacker.closed);
    });
    expect(attacker.goaway).toBeDefined();
    expect(attacker.goaway!.lastStreamId).toBeLessThanOrEqual(2 * MAX_CONCURRENT_STREAMS);
    expect(memoryGrowth).toBeLessThan(MEMORY_BOUND);
  });

  it('drops a client that opens streams and never reads the answers', async () => {
    // With a valid token (a broken worker, or a stolen token): the answers carry data, which
    // flow control holds back once the client stops taking it.
    const push = getServiceDefinition(loadProtos(), GRPC_SERVICES.events)['Push']!;
    const body = push.requestSerialize({
      key: 'attack',
      payload: JSON.stringify('x'.repeat(256 * 1024)),
    });
    const attacker = session();
    const resets: number[] = [];
    let goaway: number | undefined;
    attacker.on('goaway', (code) => (goaway = code));
    const { memoryGrowth } = await underAttack(async () => {
      for (let i = 0; i < 64 && !attacker.destroyed; i++) {
        const stream = attacker.request({
          ':method': 'POST',
          ':path': '/EventsService/Push',
          'content-type': 'application/grpc',
          authorization: `bearer ${server.token}`,
        });
        stream.on('error', () => {});
        stream.pause();
        stream.on('close', () => resets.push(stream.rstCode));
        stream.end(grpcMessage(body));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await closed(attacker);
    });
    // Cut off: the session is gone. Why it was cut off (GOAWAY and resets with
    // ENHANCE_YOUR_CALM) travels behind the answers already queued, and node drops unsent
    // writes when it destroys the socket, so on a loaded machine those frames can be lost.
    expect(attacker.destroyed).toBe(true);
    if (goaway !== undefined) {
      expect(goaway).toBe(constants.NGHTTP2_ENHANCE_YOUR_CALM);
      expect(resets).toContain(constants.NGHTTP2_ENHANCE_YOUR_CALM);
    }
    expect(memoryGrowth).toBeLessThan(MEMORY_BOUND);
  });

  it('closes an unauthenticated client that sends requests and PINGs and never reads', async () => {
    const attacker = await RawClient.open(port);
    attacker.stopReading();
    const { memoryGrowth } = await underAttack(async () => {
      // Each request draws an answer and each PING an acknowledgement, which pile up.
      const requestAndPings = (i: number) =>
        Buffer.concat([
          frame(FrameType.HEADERS, Flag.END_HEADERS, 1 + 2 * i, requestBlock(HEARTBEAT)),
          frame(FrameType.DATA, Flag.END_STREAM, 1 + 2 * i, grpcMessage(Buffer.alloc(0))),
          ping(i),
          ping(i),
        ]);
      await attacker.sendAll(times(10_000, requestAndPings), 100);
      // Its end is seen only by reading; the server has cut it off by then, or does soon.
      attacker.resumeReading();
      await attacker.until(() => attacker.closed);
    });
    // Being closed is what counts. The GOAWAY that goes with it may never arrive: the server's
    // side of a client that does not read is full of unread answers when it is cut off, and
    // the socket is destroyed with the frame still queued behind them (seen under load).
    expect(attacker.closed).toBe(true);
    expect(memoryGrowth).toBeLessThan(MEMORY_BOUND);
  });

  it('closes a connection that sends nothing, or nothing authenticated', async () => {
    const silent = await RawClient.open(port, { preface: false });
    const prefaceOnly = await RawClient.open(port);
    // A node:http2 client that pings all along, and whose calls fail authentication.
    const pinging = session();
    const pinger = setInterval(() => {
      if (!pinging.closed) pinging.ping(() => {});
    }, 100);
    const refused: string[] = [];
    await underAttack(async () => {
      for (let i = 0; i < 3; i++) {
        const stream = pinging.request({
          ':method': 'POST',
          ':path': HEARTBEAT,
          'content-type': 'application/grpc',
          authorization: 'bearer not-a-token',
        });
        stream.on('error', () => {});
        stream.on('response', (headers) => refused.push(String(headers['grpc-status'])));
        stream.resume();
        stream.end(grpcMessage(Buffer.alloc(0)));
      }
      await silent.until(() => silent.closed);
      await prefaceOnly.until(() => prefaceOnly.closed);
      await closed(pinging);
    });
    clearInterval(pinger);
    // Closed with nothing said but the server's own SETTINGS and a GOAWAY.
    expect(silent.frames.map((f) => f.type)).toEqual([FrameType.SETTINGS, FrameType.GOAWAY]);
    expect([silent.goaway?.code, prefaceOnly.goaway?.code]).toEqual([
      ErrorCode.NO_ERROR,
      ErrorCode.NO_ERROR,
    ]);
    expect(refused).toEqual(Array(3).fill(String(Status.UNAUTHENTICATED)));
  });

  it('holds nothing for a 4 MiB length prefix without its body', async () => {
    const attacker = await RawClient.open(port);
    const { memoryGrowth } = await underAttack(async () => {
      const prefixOnly = (i: number) =>
        Buffer.concat([
          frame(FrameType.HEADERS, Flag.END_HEADERS, 1 + 2 * i, requestBlock(HEARTBEAT)),
          frame(FrameType.DATA, 0, 1 + 2 * i, grpcMessage(Buffer.alloc(0), 4 * MIB - 5)),
        ]);
      await attacker.sendAll(times(500, prefixOnly), 50);
      // The streams stay open, none answered, until the deadline for an authenticated call.
      await attacker.until(() => attacker.closed);
    });
    expect(attacker.frames.filter((f) => f.type === FrameType.HEADERS)).toEqual([]);
    // Allocated up front, the 500 prefixes would have cost 2 GiB.
    expect(memoryGrowth).toBeLessThan(MEMORY_BOUND);
  });

  it('refuses partial messages past the connection’s budget', async () => {
    const attacker = session();
    // A client with a valid token, as the budget is there for: the attack's half messages
    // never reach a handler to authenticate, and on a loaded machine the 20 MiB can take
    // longer than this file's authentication deadline, which would close it first.
    await authenticate(attacker);
    const answers: string[] = [];
    const { memoryGrowth } = await underAttack(async () => {
      // Ten messages of 4 MiB, each sent half way and held there: 20 MiB against 16.
      const half = Buffer.alloc(2 * MIB, 1);
      const calls = Array.from({ length: 10 }, () => {
        const stream = attacker.request({
          ':method': 'POST',
          ':path': HEARTBEAT,
          'content-type': 'application/grpc',
        });
        stream.on('error', () => {});
        stream.resume();
        // The prefix, then the half body, one buffer for all ten: the attack's own memory.
        stream.write(grpcMessage(Buffer.alloc(0), 4 * MIB - 5));
        stream.write(half);
        stream.on('response', (headers) => answers.push(String(headers['grpc-status'])));
        return new Promise<void>((resolve) => stream.on('close', resolve));
      });
      await eventually(async () => (answers.length >= 1 ? true : undefined));
      attacker.destroy();
      await Promise.all(calls);
    });
    expect(answers).toContain(String(Status.RESOURCE_EXHAUSTED));
    expect(memoryGrowth).toBeLessThan(MEMORY_BOUND);
  });

  it('ends a header block that runs on in CONTINUATION frames', async () => {
    const attacker = await RawClient.open(port);
    const { memoryGrowth } = await underAttack(async () => {
      const continuation = (i: number) =>
        frame(FrameType.CONTINUATION, 0, 1, headerBlock([[`x-flood-${i}`, 'v'.repeat(100)]]));
      attacker.send(frame(FrameType.HEADERS, 0, 1, requestBlock(HEARTBEAT)));
      await attacker.sendAll(times(10_000, continuation), 100);
      await attacker.until(() => attacker.closed);
    });
    expect(attacker.goaway).toBeDefined();
    expect(attacker.frames.filter((f) => f.type === FrameType.HEADERS)).toEqual([]);
    expect(memoryGrowth).toBeLessThan(MEMORY_BOUND);
  });

  it('refuses header lists past the limit, and closes the client at the deadline', async () => {
    const attacker = await RawClient.open(port);
    const { memoryGrowth } = await underAttack(async () => {
      // 48 KiB of headers per request, in HEADERS and three CONTINUATION frames.
      const big = (n: number) => headerBlock([[`x-big-${n}`, 'b'.repeat(16_000)]]);
      const oversized = (i: number) =>
        Buffer.concat([
          frame(FrameType.HEADERS, Flag.END_STREAM, 1 + 2 * i, requestBlock(HEARTBEAT)),
          frame(FrameType.CONTINUATION, 0, 1 + 2 * i, big(1)),
          frame(FrameType.CONTINUATION, 0, 1 + 2 * i, big(2)),
          frame(FrameType.CONTINUATION, Flag.END_HEADERS, 1 + 2 * i, big(3)),
        ]);
      await attacker.sendAll(times(2_000, oversized), 20);
      await attacker.until(() => attacker.closed);
    });
    expect(attacker.frames.filter((f) => f.type === FrameType.HEADERS)).toEqual([]);
    expect(attacker.resets.length).toBeGreaterThan(0);
    expect(new Set(attacker.resets)).toEqual(new Set([ErrorCode.ENHANCE_YOUR_CALM]));
    expect(memoryGrowth).toBeLessThan(MEMORY_BOUND);
  });

  it('closes connections past the cap on accept, and serves again once they are gone', async () => {
    const attackers: RawClient[] = [];
    await underAttack(async () => {
      // All at once, and more than the cap even before the worker's own connections: opened one
      // after another on a slow machine, the first ones met their authentication deadline
      // while the last opened, and each place they freed went to the next, so none was refused.
      const opening = Array.from({ length: LIMITS.maxConnections! + 5 }, () =>
        RawClient.open(port),
      );
      attackers.push(...(await Promise.all(opening)));
      // Even so, one may meet its authentication deadline before the check: that closing says
      // GOAWAY, where a refusal on accept says nothing at all.
      const refused = attackers.filter(
        (a) => a.closed && !a.frames.some((f) => f.type === FrameType.GOAWAY),
      );
      expect(refused.length).toBeGreaterThan(0);
      for (const attacker of refused) expect(attacker.frames).toEqual([]);
      for (const attacker of attackers) attacker.destroy();
    });
    const after = await RawClient.open(port);
    expect(after.frames.map((f) => f.type)).toContain(FrameType.SETTINGS);
    after.destroy();
  });
});
