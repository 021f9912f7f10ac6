/**
 * The benchmark's one gRPC method, shared by the echo server and its client. Raw bytes in and
 * out: the measurement is of the transport, not of protobuf.
 */
const same = (bytes: Buffer) => bytes;

export const ECHO_METHOD = {
  path: '/bench.Echo/Echo',
  requestStream: false,
  responseStream: false,
  requestSerialize: same,
  requestDeserialize: same,
  responseSerialize: same,
  responseDeserialize: same,
};
