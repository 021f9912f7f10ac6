/**
 * One gRPC call over node:http2 with bytes chosen by the caller: the request body goes out as
 * given (framed messages, or anything else), and what comes back is the call's status from its
 * trailers (or trailers-only headers). A call still open after `openForMs` (a subscription the
 * server accepted) is cancelled by the client and reported as open.
 */
import { connect, constants, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';

export type CallOutcome =
  | { kind: 'status'; code: number; message: string }
  | { kind: 'open' }
  | { kind: 'no-status'; detail: string };

export function openSession(address: string): Promise<ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const session = connect(`http://${address}`);
    session.once('connect', () => resolve(session));
    session.once('error', reject);
  });
}

/** A length-prefixed gRPC message (uncompressed). */
export function frameMessage(payload: Uint8Array): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt32BE(payload.length, 1);
  return Buffer.concat([header, payload]);
}

function statusOf(headers: IncomingHttpHeaders): CallOutcome | undefined {
  const code = headers['grpc-status'];
  if (code === undefined) return undefined;
  const message = headers['grpc-message'];
  return {
    kind: 'status',
    code: Number(code),
    message: decodeURIComponent(typeof message === 'string' ? message : ''),
  };
}

export function callGrpc(
  session: ClientHttp2Session,
  call: { path: string; body: Buffer; authorization?: string | undefined; openForMs: number },
): Promise<CallOutcome> {
  return new Promise((resolve) => {
    const stream = session.request({
      ':method': 'POST',
      ':path': call.path,
      'content-type': 'application/grpc',
      te: 'trailers',
      ...(call.authorization === undefined ? {} : { authorization: call.authorization }),
    });
    let outcome: CallOutcome | undefined;
    const settle = (result: CallOutcome) => {
      if (outcome !== undefined) return;
      outcome = result;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => {
      if (outcome !== undefined) return;
      settle({ kind: 'open' });
      stream.close(constants.NGHTTP2_CANCEL);
    }, call.openForMs);
    stream.on('response', (headers) => {
      const status = statusOf(headers);
      if (status) settle(status);
    });
    stream.on('trailers', (trailers) => {
      settle(statusOf(trailers) ?? { kind: 'no-status', detail: 'trailers without grpc-status' });
    });
    // Response messages are not looked at; reading them keeps flow control open.
    stream.on('data', () => {});
    stream.on('error', (error) => settle({ kind: 'no-status', detail: String(error) }));
    stream.on('close', () =>
      settle({
        kind: 'no-status',
        detail: `stream closed (RST ${stream.rstCode}) without a status`,
      }),
    );
    stream.end(call.body);
  });
}
