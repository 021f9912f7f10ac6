import type { MethodDefinition } from '@grpc/proto-loader';

/**
 * A method of `service` whose messages are raw bytes, so that tests control every byte on the
 * wire.
 */
export function rawMethod(
  service: string,
  name: string,
  requestStream: boolean,
  responseStream: boolean,
): MethodDefinition<object, object> {
  const same = (bytes: Buffer) => bytes;
  return {
    path: `/${service}/${name}`,
    requestStream,
    responseStream,
    requestSerialize: same,
    requestDeserialize: same,
    responseSerialize: same,
    responseDeserialize: same,
  } as unknown as MethodDefinition<object, object>;
}

/** One gRPC message on the wire: its flag byte (1: compressed), length and bytes. */
export function frame(payload: Buffer | string, flag = 0): Buffer {
  const bytes = Buffer.from(payload);
  const out = Buffer.alloc(5 + bytes.length);
  out[0] = flag;
  out.writeUInt32BE(bytes.length, 1);
  bytes.copy(out, 5);
  return out;
}

/** The messages of a whole gRPC body, uncompressed. */
export function unframe(body: Buffer): Buffer[] {
  const messages: Buffer[] = [];
  for (let offset = 0; offset < body.length;) {
    const length = body.readUInt32BE(offset + 1);
    messages.push(body.subarray(offset + 5, offset + 5 + length));
    offset += 5 + length;
  }
  return messages;
}
