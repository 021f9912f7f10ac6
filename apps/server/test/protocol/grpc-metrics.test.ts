/**
 * The gRPC transport's seam for metrics: every call that reaches a method is counted once as its
 * stream closes, with the status it ended with (ours, or CANCELLED when the client went first),
 * under its service and method; requests for methods we do not serve are not counted, so a
 * client cannot grow the label set.
 */
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import type { ServiceDefinition } from '@grpc/proto-loader';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerStreamingCall, UnaryCall } from '../../src/grpc/transport/calls';
import { GrpcTransport } from '../../src/grpc/transport/server';
import { GrpcError, Status } from '../../src/grpc/transport/status';
import { ServerMetrics } from '../../src/observability/metrics';
import { eventually } from '../sdk/harness';
import { find, parsePrometheusText, value } from '../prometheus-text';
import { rawMethod as rawBytesMethod } from './raw-grpc';

const rawMethod = (name: string, responseStream: boolean) =>
  rawBytesMethod('test.Metered', name, false, responseStream);

const definition: ServiceDefinition = {
  Unary: rawMethod('Unary', false),
  Watch: rawMethod('Watch', true),
};

let metrics: ServerMetrics;
let transport: GrpcTransport;
let session: ClientHttp2Session;
const watching: ServerStreamingCall<Buffer, Buffer>[] = [];

beforeAll(async () => {
  metrics = new ServerMetrics({ version: 'test', processMetrics: false });
  transport = new GrpcTransport({
    maxMessageBytes: 64 * 1024,
    toStatus: () => new GrpcError(Status.INTERNAL, 'internal error'),
    callEnded: metrics.grpcCallEnded,
  });
  transport.addService(definition, {
    Unary: async (call: UnaryCall<Buffer>) => {
      const text = call.request.toString();
      if (text === 'invalid') throw new GrpcError(Status.INVALID_ARGUMENT, 'no');
      if (text === 'crash') throw new Error('unexpected');
      return call.request;
    },
    // Never ends by itself: the client leaves.
    Watch: async (call: ServerStreamingCall<Buffer, Buffer>) => {
      watching.push(call);
      call.write(Buffer.from('hello'));
    },
  });
  const port = await transport.listen('127.0.0.1', 0);
  session = connect(`http://127.0.0.1:${port}`);
  session.on('error', () => {});
});
afterAll(async () => {
  session?.destroy();
  await transport?.close();
});

function frame(text: string): Buffer {
  const bytes = Buffer.from(text);
  const out = Buffer.alloc(5 + bytes.length);
  out.writeUInt32BE(bytes.length, 1);
  bytes.copy(out, 5);
  return out;
}

/** Sends one request message; resolves with the grpc-status once the stream has closed. */
function call(path: string, text: string): Promise<string | undefined> {
  const stream = session.request({
    ':method': 'POST',
    ':path': path,
    'content-type': 'application/grpc',
    te: 'trailers',
  });
  stream.on('error', () => {});
  return new Promise((resolve) => {
    let status: string | undefined;
    stream.on('response', (headers) => (status ??= headers['grpc-status'] as string | undefined));
    stream.on('trailers', (trailers) => (status = trailers['grpc-status'] as string));
    stream.on('data', () => {});
    stream.on('close', () => resolve(status));
    stream.end(frame(text));
  });
}

async function scrape() {
  return parsePrometheusText(await metrics.render());
}

const handled = (s: Awaited<ReturnType<typeof scrape>>, method: string, code: string) =>
  value(s, 'trellis_grpc_server_handled_total', {
    grpc_service: 'test.Metered',
    grpc_method: method,
    grpc_code: code,
  });

describe('gRPC calls by method and code', () => {
  it('counts each call once with the status it ended with', async () => {
    expect(await call('/test.Metered/Unary', 'one')).toBe('0');
    expect(await call('/test.Metered/Unary', 'two')).toBe('0');
    expect(await call('/test.Metered/Unary', 'invalid')).toBe(String(Status.INVALID_ARGUMENT));
    expect(await call('/test.Metered/Unary', 'crash')).toBe(String(Status.INTERNAL));
    expect(await call('/test.Metered/Nothing', 'x')).toBe(String(Status.UNIMPLEMENTED));

    // A streaming call the client resets while the server still serves it.
    const stream = session.request({
      ':method': 'POST',
      ':path': '/test.Metered/Watch',
      'content-type': 'application/grpc',
      te: 'trailers',
    });
    stream.on('error', () => {});
    const firstMessage = new Promise((resolve) => stream.once('data', resolve));
    stream.end(frame('watch'));
    await firstMessage;
    stream.close(constants.NGHTTP2_CANCEL);

    const s = await eventually(async () => {
      const scraped = await scrape();
      return handled(scraped, 'Watch', 'CANCELLED') === 1 ? scraped : undefined;
    });
    expect(handled(s, 'Unary', 'OK')).toBe(2);
    expect(handled(s, 'Unary', 'INVALID_ARGUMENT')).toBe(1);
    expect(handled(s, 'Unary', 'INTERNAL')).toBe(1);
    expect(s.types.get('trellis_grpc_server_handled_total')).toBe('counter');
    // Unserved methods are not counted: the label set stays the methods we serve.
    expect(find(s, 'trellis_grpc_server_handled_total')).toHaveLength(4);
    expect(watching[0]!.cancelled).toBe(true);
  });

  it('counts a streaming call the server ends, by the status it sent', async () => {
    const ended = new Promise<string | undefined>((resolve) => {
      const stream = session.request({
        ':method': 'POST',
        ':path': '/test.Metered/Watch',
        'content-type': 'application/grpc',
        te: 'trailers',
      });
      stream.on('error', () => {});
      let status: string | undefined;
      stream.on('trailers', (trailers) => (status = trailers['grpc-status'] as string));
      stream.on('data', () => {
        // The server ends this one once it has written.
        watching.at(-1)!.endWithError(new GrpcError(Status.FAILED_PRECONDITION, 'done'));
      });
      stream.on('close', () => resolve(status));
      stream.end(frame('watch'));
    });
    expect(await ended).toBe(String(Status.FAILED_PRECONDITION));
    const s = await eventually(async () => {
      const scraped = await scrape();
      return handled(scraped, 'Watch', 'FAILED_PRECONDITION') === 1 ? scraped : undefined;
    });
    expect(handled(s, 'Watch', 'CANCELLED')).toBe(1);
  });
});
