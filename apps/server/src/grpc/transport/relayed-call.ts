/**
 * One call relayed, as raw HTTP/2, to the process that serves it (relay.ts): request headers
 * and DATA go up, response headers, DATA and trailers come back, byte for byte, so the client
 * sees what that process answers. gRPC messages pass as bytes, never decoded; only their
 * length prefixes are followed, to know whether a status can still follow what was relayed.
 *
 * Both directions are piped, so flow control holds end to end: a client slow to read stops
 * the upstream stream, which stops the serving process's writes to it, and a serving process
 * slow to read stops the client's. A cancellation travels up as RST_STREAM CANCEL; a lost
 * upstream ends the call with UNAVAILABLE, which SDKs retry.
 */
import {
  constants,
  type ClientHttp2Session,
  type ClientHttp2Stream,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
  type ServerHttp2Stream,
} from 'node:http2';
import { respondWithStatus, statusTrailers, type CallOptions } from './calls';
import type { ClientConnection } from './connection';
import { GrpcError, Status } from './status';

/**
 * Marks a call that a process has relayed already: the process receiving it serves it and
 * never relays it again, so no call can go round in circles when two processes disagree on
 * a tenant's home for a moment. A client may send it too and skip the relay hook; that gains
 * it nothing, since the engine refuses the calls of a tenant it does not serve.
 */
export const RELAYED_HEADER = 'x-trellis-relayed';

/**
 * Headers that belong to one HTTP/2 hop, not to the call: HTTP/2 forbids them and node throws
 * on sending them, so they are never passed on (nghttp2 refuses requests that carry them).
 */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'host',
]);

/**
 * A request's headers as relayed: `:method` and `:path` of the pseudo-headers (node sets
 * `:scheme` and `:authority` for the upstream session, the peer's address), and every other
 * header as is: authorization, grpc-timeout, grpc-encoding, te, content-type, metadata.
 */
export function relayedRequestHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const relayed: OutgoingHttpHeaders = {};
  for (const name of Object.keys(headers)) {
    if (name.startsWith(':') ? name !== ':method' && name !== ':path' : HOP_HEADERS.has(name)) {
      continue;
    }
    relayed[name] = headers[name];
  }
  relayed[RELAYED_HEADER] = '1';
  return relayed;
}

/** Response headers or trailers as relayed: `:status` of the pseudo-headers, every other header. */
function relayedResponseHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const relayed: OutgoingHttpHeaders = {};
  for (const name of Object.keys(headers)) {
    if (name.startsWith(':') ? name !== ':status' : HOP_HEADERS.has(name)) continue;
    relayed[name] = headers[name];
  }
  return relayed;
}

/** The status code in trailers (UNKNOWN if they have none, as grpc-js takes it). */
function statusIn(trailers: IncomingHttpHeaders | OutgoingHttpHeaders): number {
  const code = trailers['grpc-status'];
  return code === undefined ? Status.UNKNOWN : Number(code);
}

const RESPOND_WITH_TRAILERS = { waitForTrailers: true, sendDate: false };
const RESPOND_AND_END = { endStream: true, sendDate: false };

/**
 * Follows the length prefixes of the gRPC messages going by, to tell whether the bytes so far
 * end between two messages: a status may follow them then, where in the middle of a message
 * it would leave the client a truncated one.
 */
class MessageBoundaries {
  private readonly prefix = Buffer.alloc(5);
  private prefixBytes = 0;
  private bodyLeft = 0;

  get between(): boolean {
    return this.prefixBytes === 0 && this.bodyLeft === 0;
  }

  pass(chunk: Buffer): void {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.bodyLeft > 0) {
        const skip = Math.min(this.bodyLeft, chunk.length - offset);
        this.bodyLeft -= skip;
        offset += skip;
        continue;
      }
      const take = Math.min(this.prefix.length - this.prefixBytes, chunk.length - offset);
      chunk.copy(this.prefix, this.prefixBytes, offset, offset + take);
      this.prefixBytes += take;
      offset += take;
      if (this.prefixBytes === this.prefix.length) {
        this.prefixBytes = 0;
        this.bodyLeft = this.prefix.readUInt32BE(1);
      }
    }
  }
}

export class RelayedCall {
  /** The upstream's trailers, once received. */
  private trailers: OutgoingHttpHeaders | undefined;
  /** Nothing more goes to the client: it has its status (or is getting it), was reset, or is gone. */
  private finished = false;
  /** We reset the client's stream ourselves: its reset code is not the client's. */
  private resetHere = false;
  /** The status the call ended with, for `callEnded`. */
  private code: number | undefined;
  /** Response bytes handed to node that the client has not taken yet. */
  private unsent = 0;
  private readonly sentToClient = new MessageBoundaries();
  /** Why the upstream stream failed, if it did. */
  private failure: string | undefined;

  constructor(
    private readonly stream: ServerHttp2Stream,
    private readonly upstream: ClientHttp2Stream,
    /** The upstream session, to tell its loss from a reset of the upstream stream alone. */
    private readonly session: ClientHttp2Session,
    private readonly peer: string,
    private readonly path: string,
    private readonly connection: ClientConnection,
    private readonly options: CallOptions,
    /** Told when the client's stream closes. */
    private readonly onClosed: () => void,
  ) {
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      this.failure ??= error.code ?? error.message;
    });
    upstream.on('response', (headers: IncomingHttpHeaders, flags: number) =>
      this.respond(headers, flags),
    );
    upstream.on('trailers', (trailers: IncomingHttpHeaders) => {
      this.trailers = relayedResponseHeaders(trailers);
    });
    upstream.on('data', (chunk: Buffer) => this.forward(chunk));
    upstream.on('end', () => this.upstreamEnded());
    upstream.on('close', () => this.upstreamClosed());
    stream.on('data', () => (connection.heard = true));
    stream.on('drain', () => upstream.resume());
    stream.on('close', () => this.closed());
    stream.pipe(upstream);
  }

  /** Ends the call with UNAVAILABLE, so that the client reconnects elsewhere or later. */
  shutdown(): void {
    this.endUnavailable(new GrpcError(Status.UNAVAILABLE, 'the server is shutting down'));
  }

  private get writable(): boolean {
    return !this.finished && !this.stream.closed && !this.stream.destroyed;
  }

  private respond(headers: IncomingHttpHeaders, flags: number): void {
    if (!this.writable) return;
    if (flags & constants.NGHTTP2_FLAG_END_STREAM) {
      // A trailers-only response: the status is in these headers, and so it stays.
      this.finished = true;
      this.code = statusIn(headers);
      this.stream.respond(relayedResponseHeaders(headers), RESPOND_AND_END);
      return;
    }
    this.stream.respond(relayedResponseHeaders(headers), RESPOND_WITH_TRAILERS);
  }

  private forward(chunk: Buffer): void {
    if (!this.writable) return;
    this.sentToClient.pass(chunk);
    const more = this.stream.write(chunk, () => this.sent(chunk.length));
    // Counted against the connection's budget like a local call's responses (limits.ts); with
    // the upstream paused below, a relayed call itself holds at most a buffer's worth.
    this.unsent += chunk.length;
    this.connection.responseQueued(chunk.length);
    if (!more) this.upstream.pause();
  }

  /** A written chunk has left for the client (or its stream is gone, which 'close' settles). */
  private sent(bytes: number): void {
    if (this.unsent === 0) return;
    this.unsent -= bytes;
    this.connection.responseSent(bytes);
  }

  /**
   * The upstream has ended: with its trailers, which follow its last DATA to the client. Without
   * them it was cut off (a lost connection ends it so), which its 'close' settles.
   */
  private upstreamEnded(): void {
    if (this.writable && this.trailers !== undefined) this.endWithTrailers(this.trailers);
  }

  /** Ends the client's stream after the DATA relayed so far, then sends `trailers`. */
  private endWithTrailers(trailers: OutgoingHttpHeaders): void {
    this.finished = true;
    this.code = statusIn(trailers);
    const stream = this.stream;
    stream.once('wantTrailers', () => {
      if (!stream.closed && !stream.destroyed) stream.sendTrailers(trailers);
    });
    stream.end();
  }

  /** The upstream stream closed before its call ended: reset, or its session lost. */
  private upstreamClosed(): void {
    if (!this.writable) return;
    // A lost connection closes its streams (with CANCEL) as it closes the session.
    const sessionLost = this.session.closed || this.session.destroyed;
    const resetCode = this.upstream.rstCode;
    const reason =
      this.failure ??
      (sessionLost ? 'the connection was lost' : `the stream was reset with code ${resetCode}`);
    const lost = new GrpcError(
      Status.UNAVAILABLE,
      `the call could not be relayed to ${this.peer}, the process serving it (${reason}); retry`,
    );
    if (!this.stream.headersSent || sessionLost) {
      this.endUnavailable(lost);
    } else {
      // The serving process reset its stream: the client sees that reset, as from it.
      this.reset(
        resetCode === constants.NGHTTP2_NO_ERROR ? constants.NGHTTP2_INTERNAL_ERROR : resetCode,
      );
    }
  }

  /**
   * Ends the call with `error`: trailers-only if nothing was answered yet, else trailers after
   * the messages relayed so far, or a reset if that would cut a message in two.
   */
  private endUnavailable(error: GrpcError): void {
    if (!this.writable) return;
    if (!this.stream.headersSent) {
      this.finished = true;
      this.code = error.code;
      respondWithStatus(this.stream, error);
    } else if (this.sentToClient.between) {
      this.endWithTrailers(statusTrailers(error));
    } else {
      this.reset(constants.NGHTTP2_INTERNAL_ERROR);
    }
    this.cancelUpstream();
  }

  private reset(code: number): void {
    this.finished = true;
    this.resetHere = true;
    this.code = Status.UNAVAILABLE;
    this.stream.close(code);
  }

  private cancelUpstream(): void {
    if (!this.upstream.closed && !this.upstream.destroyed) {
      this.upstream.close(constants.NGHTTP2_CANCEL);
    }
  }

  /** The client's stream closed, however the call ended; a cancellation goes upstream. */
  private closed(): void {
    const cancelled = !this.finished;
    this.finished = true;
    this.cancelUpstream();
    // What the client had not taken went with the stream.
    this.connection.responseSent(this.unsent);
    this.unsent = 0;
    if (!this.resetHere) this.connection.streamClosed(this.stream.rstCode);
    this.options.callEnded?.(
      this.path,
      cancelled ? Status.CANCELLED : (this.code ?? Status.CANCELLED),
    );
    this.onClosed();
  }
}
