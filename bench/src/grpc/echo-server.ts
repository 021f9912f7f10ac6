/**
 * An echo gRPC server for the transport benchmark: `node --import tsx echo-server.ts <impl>
 * <port>` with impl `grpc-js` (grpc-js's Server, which Trellis used before), `trellis`
 * (apps/server/src/grpc/transport: our call layer on node:http2, with its limits) or `bare`
 * (node:http2 answering with no gRPC logic at all: the least any server on node:http2 pays).
 * It prints "ready" once listening and, on SIGTERM, the CPU it used since then, so start-up
 * is not counted.
 */
import * as grpc from '@grpc/grpc-js';
import { createServer } from 'node:http2';
import type { MethodDefinition } from '@grpc/proto-loader';
import { GrpcTransport } from '../../../apps/server/src/grpc/transport/server';
import { GrpcError, Status } from '../../../apps/server/src/grpc/transport/status';
import { ECHO_METHOD as echo } from './echo-method';

const [impl, portArg] = process.argv.slice(2);
async function listen(): Promise<void> {
  const port = Number(portArg);
  if (impl === 'grpc-js') {
    const server = new grpc.Server();
    server.addService(
      { Echo: echo },
      {
        Echo: (call: grpc.ServerUnaryCall<Buffer, Buffer>, callback: grpc.sendUnaryData<Buffer>) =>
          callback(null, call.request),
      },
    );
    await new Promise<void>((resolve, reject) =>
      server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  } else if (impl === 'trellis') {
    const transport = new GrpcTransport({
      maxMessageBytes: 4 * 1024 * 1024,
      toStatus: (error) => new GrpcError(Status.INTERNAL, String(error)),
    });
    transport.addService(
      { Echo: echo as unknown as MethodDefinition<object, object> },
      {
        // As every Trellis handler does once the call's token checks out.
        Echo: async (call: { request: Buffer; authenticated(): void }) => {
          call.authenticated();
          return call.request;
        },
      },
    );
    await transport.listen('127.0.0.1', port);
  } else if (impl === 'bare') {
    const server = createServer();
    server.on('stream', (stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        stream.respond(
          { ':status': 200, 'content-type': 'application/grpc' },
          { waitForTrailers: true },
        );
        stream.once('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
        stream.end(Buffer.concat(chunks));
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  } else {
    throw new Error(`unknown implementation "${impl}" (grpc-js, trellis or bare)`);
  }
}

await listen();
const start = process.cpuUsage();
console.log('ready');
process.on('SIGTERM', () => {
  const used = process.cpuUsage(start);
  console.log(`cpu-ms ${(used.user + used.system) / 1000}`);
  process.exit(0);
});
