/**
 * Load for the echo server, from a grpc-js client (as the SDK's calls are):
 * `echo-client.ts <port> burst <calls> <concurrency>` keeps `concurrency` calls in flight;
 * `echo-client.ts <port> spaced <rate> <seconds>` starts calls on a fixed schedule.
 * Messages are 300 bytes, about the size of the SDK's step events. Prints "done <ms>".
 */
import * as grpc from '@grpc/grpc-js';
import { ECHO_METHOD } from './echo-method';

const [port, mode, a, b] = process.argv.slice(2);
const Client = grpc.makeGenericClientConstructor({ Echo: ECHO_METHOD }, 'Echo');
const client = new Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
const message = Buffer.alloc(300, 1);
const echo = () =>
  new Promise<void>((resolve, reject) =>
    (client as unknown as Record<string, (...args: unknown[]) => void>)['Echo']!(
      message,
      (error: Error | null) => (error ? reject(error) : resolve()),
    ),
  );

const started = Date.now();
if (mode === 'burst') {
  let remaining = Number(a);
  const loop = async () => {
    while (remaining-- > 0) await echo();
  };
  await Promise.all(Array.from({ length: Number(b) }, loop));
} else if (mode === 'spaced') {
  // Every call is scheduled up front (as /tmp/gbench did for the first measurements), so
  // calls due in the same millisecond leave together.
  const rate = Number(a);
  const calls = Array.from(
    { length: rate * Number(b) },
    (_v, i) =>
      new Promise<void>((resolve, reject) =>
        setTimeout(() => echo().then(resolve, reject), (i * 1000) / rate),
      ),
  );
  await Promise.all(calls);
} else {
  throw new Error(`unknown mode "${mode}" (burst or spaced)`);
}
console.log(`done ${Date.now() - started}`);
client.close();
