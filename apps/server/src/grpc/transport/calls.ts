/**
 * One gRPC call on one HTTP/2 stream (node:http2): reading request messages, writing
 * responses, and ending with a status in trailers. `UnaryServerCall` runs a promise-returning
 * handler; `StreamingServerCall` serves server-streaming and bidirectional methods with the
 * events our handlers use ('data', 'end', 'cancelled', 'error', 'close').
 *
 * `grpc-timeout` is not enforced: the client enforces its own deadline and cancels the stream
 * (RST_STREAM) when it passes. Every call learns of a cancellation, whatever its cause (a
 * reset, a lost connection, shutdown): `cancelled` and `signal` for any call, the
 * 'cancelled' event for streaming ones. Response bytes the client has not taken are counted
 * against the call's and the connection's budgets (limits.ts).
 */
import { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerHttp2Stream } from 'node:http2';
import { constants } from 'node:http2';
import type { MethodDefinition } from '@grpc/proto-loader';
import type { ClientConnection } from './connection';
import { decompress, frameMessage, MessageDecoder } from './framing';
import { encodeGrpcMessage, GrpcError, Status } from './status';

export interface CallOptions {
  maxMessageBytes: number;
  /** The status for a failure that is not a GrpcError (the server logs what it did not expect). */
  toStatus: (error: unknown) => GrpcError;
  /**
   * Told once per call as its stream closes, with the method's path and the status the call
   * ended with: ours, or CANCELLED when it ended before we sent one (the server's metrics).
   */
  callEnded?: ((path: string, code: number) => void) | undefined;
}

export type MethodCodec = MethodDefinition<object, object>;

/** What every call offers its handler, whatever its kind. */
interface CallBase {
  readonly metadata: IncomingHttpHeaders;
  /**
   * True once the call has ended without the handler's answer: the client reset it or went
   * away, the server is shutting down, or the client did not read a stream (limits.ts).
   */
  readonly cancelled: boolean;
  /**
   * Aborted when the call is cancelled, for work that takes a signal. Made on first use: an
   * AbortController costs more than the rest of a small call's own bookkeeping.
   */
  readonly signal: AbortSignal;
  /**
   * Tells the transport that the call's credentials checked out, so that its connection is
   * no longer held to the deadline for an authenticated call (limits.ts).
   */
  authenticated(): void;
}

export interface UnaryCall<Req> extends CallBase {
  readonly request: Req;
}

/** Resolves with the response message, or rejects with the failure to send as the status. */
export type UnaryHandler<Req = never, Res = unknown> = (call: UnaryCall<Req>) => Promise<Res>;

interface StreamEvents<Req> {
  /** A request message (bidirectional calls). */
  data: [message: Req];
  /** The client has sent its last message (bidirectional calls). */
  end: [];
  /** The call ended without our status: the client cancelled, its connection was lost, or the server is shutting down. */
  cancelled: [];
  /** The call ended with an error status that the handler did not send itself. */
  error: [error: GrpcError];
  /** The stream is closed, however the call ended; always the last event. */
  close: [];
}

export interface BidiStreamingCall<Req, Res> extends CallBase {
  /** Sends a message; does nothing once the call has ended. */
  write(message: Res): void;
  /** Ends the call with OK; does nothing once it has ended. */
  end(): void;
  /** Ends the call with the status for `error` (a stream that cannot go on). */
  endWithError(error: unknown): void;
  on<E extends keyof StreamEvents<Req>>(
    event: E,
    listener: (...args: StreamEvents<Req>[E]) => void,
  ): void;
}

export interface ServerStreamingCall<Req, Res> extends BidiStreamingCall<Req, Res> {
  readonly request: Req;
}

/**
 * Sets the call up and resolves once it is (a stream stays open after that, until the
 * handler ends it or the client goes). Until then the call's events are held, so that a
 * handler may authenticate before it listens without missing a message or a cancellation.
 * A rejection ends the call with that failure's status.
 */
export type StreamHandler<Req = never, Res = never> = (
  call: ServerStreamingCall<Req, Res>,
) => Promise<void>;

const RESPONSE_HEADERS: OutgoingHttpHeaders = {
  ':status': 200,
  'content-type': 'application/grpc+proto',
  // The SDK gzips what it sends until a response says the server accepts identity only, and
  // inflating every small message was a large share of the server's CPU; see framing.ts.
  'grpc-accept-encoding': 'identity',
};
/** No `date` header: gRPC has no use for it, and node would format and send it every call. */
const RESPOND_WITH_TRAILERS = { waitForTrailers: true, sendDate: false };
const RESPOND_AND_END = { endStream: true, sendDate: false };

const OK_TRAILERS: OutgoingHttpHeaders = { 'grpc-status': Status.OK };

/** The 'wantTrailers' listener of every call that succeeds: one function, no closure per call. */
function sendOkTrailers(this: ServerHttp2Stream): void {
  if (!this.closed && !this.destroyed) this.sendTrailers(OK_TRAILERS);
}

/** The trailers that end a call with `error`'s status. */
export function statusTrailers(error: GrpcError): OutgoingHttpHeaders {
  return {
    'grpc-status': error.code,
    'grpc-message': encodeGrpcMessage(error.message),
    // Binary metadata travels base64-encoded (the gRPC HTTP/2 protocol's "-bin" headers).
    ...(error.details ? { 'grpc-status-details-bin': error.details.toString('base64') } : {}),
  };
}

/** Answers a stream with a status alone (a trailers-only response), e.g. for an unknown method. */
export function respondWithStatus(stream: ServerHttp2Stream, error: GrpcError): void {
  stream.respond({ ...RESPONSE_HEADERS, ...statusTrailers(error) }, RESPOND_AND_END);
}

abstract class ServerCall implements CallBase {
  /** Our status is sent or the stream is gone: nothing more goes out. */
  protected finished = false;
  private cancelledYet = false;
  /** We reset the stream ourselves: its reset code is not the client's. */
  protected resetHere = false;
  /** The status code we ended the call with, once we have. */
  protected code: number | undefined;
  private abort: AbortController | undefined;
  private readonly decoder: MessageDecoder;
  /** Response bytes handed to node that the client has not taken yet. */
  protected unsent = 0;

  constructor(
    protected readonly stream: ServerHttp2Stream,
    readonly metadata: IncomingHttpHeaders,
    protected readonly method: MethodCodec,
    protected readonly options: CallOptions,
    protected readonly connection: ClientConnection,
  ) {
    this.decoder = new MessageDecoder(options.maxMessageBytes, connection, (payload, compressed) =>
      this.receive(payload, compressed),
    );
    stream.on('data', (chunk: Buffer) => {
      connection.heard = true;
      if (this.finished) return;
      try {
        this.decoder.push(chunk);
      } catch (error) {
        this.fail(error);
      }
    });
    stream.on('end', () => {
      // A lost connection also ends the readable side: that is no half-close.
      if (!this.writable) return;
      try {
        if (this.decoder.midMessage) {
          throw new GrpcError(Status.INTERNAL, 'The request ended in the middle of a message');
        }
        this.halfClosed();
      } catch (error) {
        this.fail(error);
      }
    });
    stream.on('close', () => {
      const cancelled = !this.finished;
      this.finished = true;
      this.decoder.dispose();
      // What the client had not taken went with the stream.
      connection.responseSent(this.unsent);
      this.unsent = 0;
      if (cancelled) this.cancel();
      if (!this.resetHere) connection.streamClosed(stream.rstCode);
      options.callEnded?.(
        method.path,
        cancelled ? Status.CANCELLED : (this.code ?? Status.CANCELLED),
      );
      this.closed(cancelled);
    });
  }

  get cancelled(): boolean {
    return this.cancelledYet;
  }

  get signal(): AbortSignal {
    if (this.abort === undefined) {
      this.abort = new AbortController();
      if (this.cancelledYet) this.abort.abort();
    }
    return this.abort.signal;
  }

  authenticated(): void {
    this.connection.authenticated();
  }

  /** A request message, decoded. */
  protected abstract received(message: object): void;
  /** The client has sent everything. */
  protected abstract halfClosed(): void;
  /** The stream closed; `cancelled` if that happened before we sent a status. */
  protected abstract closed(cancelled: boolean): void;
  /** The call has ended with `error`'s status. */
  protected abstract failed(error: GrpcError): void;

  /** Marks the call cancelled and aborts its signal. */
  protected cancel(): void {
    this.cancelledYet = true;
    this.abort?.abort();
  }

  private receive(payload: Buffer, compressed: boolean): void {
    // Node joins a repeated header into one string; only set-cookie comes as an array.
    const encoding = this.metadata['grpc-encoding'] as string | undefined;
    const bytes = compressed
      ? decompress(payload, encoding, this.options.maxMessageBytes)
      : payload;
    let message: object;
    try {
      message = this.method.requestDeserialize(bytes);
    } catch (error) {
      // A deserializer that checks what it decoded refuses with its own status.
      if (error instanceof GrpcError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new GrpcError(Status.INTERNAL, `Error deserializing request: ${reason}`);
    }
    this.received(message);
  }

  /** A response message framed for the wire; throws if it cannot be encoded or is too large. */
  protected frame(message: object): Buffer {
    const payload = this.method.responseSerialize(message);
    if (payload.length > this.options.maxMessageBytes) {
      throw new GrpcError(
        Status.RESOURCE_EXHAUSTED,
        `Sent message larger than max (${payload.length} vs ${this.options.maxMessageBytes})`,
      );
    }
    return frameMessage(payload);
  }

  /**
   * True if the stream can still carry output: it may be closed (reset, or its session gone)
   * or destroyed before 'close' fires, and node throws on a response to it then.
   */
  protected get writable(): boolean {
    return !this.finished && !this.stream.closed && !this.stream.destroyed;
  }

  /** Counts `frame` as unsent, until its write is done (streaming calls) or its stream closes. */
  protected queued(frame: Buffer): void {
    this.unsent += frame.length;
    this.connection.responseQueued(frame.length);
  }

  /** Ends the call with `trailers`, after `lastFrame` if given. */
  protected finish(trailers: OutgoingHttpHeaders, lastFrame?: Buffer): void {
    if (!this.writable) return;
    this.finished = true;
    this.code = trailers['grpc-status'] as number;
    const stream = this.stream;
    if (!stream.headersSent) {
      if (lastFrame === undefined) {
        stream.respond({ ...RESPONSE_HEADERS, ...trailers }, RESPOND_AND_END);
        return;
      }
      stream.respond(RESPONSE_HEADERS, RESPOND_WITH_TRAILERS);
    }
    if (trailers === OK_TRAILERS) {
      stream.on('wantTrailers', sendOkTrailers);
    } else {
      stream.once('wantTrailers', () => {
        if (!stream.closed && !stream.destroyed) stream.sendTrailers(trailers);
      });
    }
    stream.end(lastFrame);
    // A unary call's response counts until its stream closes, which is once the client has
    // taken it all: the stream closes when our trailers, which follow it, are out.
    if (lastFrame !== undefined) this.queued(lastFrame);
  }

  /** Ends the call with the status for `error` (computed even if too late to send, so it is logged). */
  protected fail(error: unknown): void {
    const status = error instanceof GrpcError ? error : this.options.toStatus(error);
    if (!this.writable) return;
    this.finish(statusTrailers(status));
    this.failed(status);
  }
}

export class UnaryServerCall extends ServerCall {
  request: object | undefined = undefined;

  constructor(
    stream: ServerHttp2Stream,
    metadata: IncomingHttpHeaders,
    method: MethodCodec,
    options: CallOptions,
    connection: ClientConnection,
    private readonly handler: UnaryHandler<object>,
  ) {
    super(stream, metadata, method, options, connection);
  }

  protected received(message: object): void {
    if (this.request !== undefined) {
      throw new GrpcError(
        Status.UNIMPLEMENTED,
        `Received a second request message for unary method ${this.method.path}`,
      );
    }
    this.request = message;
  }

  protected halfClosed(): void {
    if (this.request === undefined) {
      throw new GrpcError(
        Status.UNIMPLEMENTED,
        `Received no request message for unary method ${this.method.path}`,
      );
    }
    // `request` is set from here on.
    this.handler(this as UnaryCall<object>).then(
      (response) => this.respond(response),
      (error: unknown) => this.fail(error),
    );
  }

  private respond(response: unknown): void {
    if (!this.writable) return;
    let frame: Buffer;
    try {
      frame = this.frame(response as object);
    } catch (error) {
      this.fail(error);
      return;
    }
    this.finish(OK_TRAILERS, frame);
  }

  protected closed(): void {}

  protected failed(): void {}
}

type HeldEvent = {
  [E in keyof StreamEvents<object>]: [E, ...StreamEvents<object>[E]];
}[keyof StreamEvents<object>];

/**
 * A server-streaming call starts its handler once the single request message and the
 * half-close have arrived (as grpc-js does); a bidirectional one starts it at once and passes
 * each request message on as 'data'.
 */
export class StreamingServerCall extends ServerCall implements BidiStreamingCall<object, object> {
  request: object | undefined = undefined;
  private readonly events = new EventEmitter();
  /** Events waiting for the handler's setup to resolve; null once they flow. */
  private held: HeldEvent[] | null = [];

  constructor(
    stream: ServerHttp2Stream,
    metadata: IncomingHttpHeaders,
    method: MethodCodec,
    options: CallOptions,
    connection: ClientConnection,
    private readonly handler: StreamHandler<object, object>,
    /** Told when the stream closes, at once: unlike 'close', never held for the setup. */
    private readonly onClosed: () => void,
    private readonly maxUnsentBytes: number,
  ) {
    super(stream, metadata, method, options, connection);
    if (method.requestStream) this.start();
  }

  on<E extends keyof StreamEvents<object>>(
    event: E,
    listener: (...args: StreamEvents<object>[E]) => void,
  ): void {
    this.events.on(event, listener as (...args: unknown[]) => void);
  }

  write(message: object): void {
    if (!this.writable) return;
    let frame: Buffer;
    try {
      frame = this.frame(message);
    } catch (error) {
      this.fail(error);
      return;
    }
    const stream = this.stream;
    if (!stream.headersSent) stream.respond(RESPONSE_HEADERS, RESPOND_WITH_TRAILERS);
    stream.write(frame, () => this.sent(frame.length));
    this.queued(frame);
    if (this.unsent > this.maxUnsentBytes) this.resetUnread();
  }

  end(): void {
    this.finish(OK_TRAILERS);
  }

  endWithError(error: unknown): void {
    this.fail(error);
  }

  /** Ends the call with UNAVAILABLE, so that the client reconnects elsewhere or later. */
  shutdown(): void {
    if (!this.writable) return;
    this.finish(statusTrailers(new GrpcError(Status.UNAVAILABLE, 'the server is shutting down')));
    this.cancel();
    this.deliver(['cancelled']);
  }

  /** The client does not read this stream: it is reset, and the connection's other calls go on. */
  private resetUnread(): void {
    // Past the connection's budget too, the connection is gone already, and 'close' tells.
    if (!this.writable) return;
    this.finished = true;
    this.resetHere = true;
    // What the client sees of a reset with ENHANCE_YOUR_CALM.
    this.code = Status.RESOURCE_EXHAUSTED;
    this.cancel();
    this.stream.close(constants.NGHTTP2_ENHANCE_YOUR_CALM);
    this.deliver(['cancelled']);
  }

  /** A written frame has left for the client (or its stream is gone, which 'close' settles). */
  private sent(bytes: number): void {
    if (this.unsent === 0) return;
    this.unsent -= bytes;
    this.connection.responseSent(bytes);
  }

  protected received(message: object): void {
    if (this.method.requestStream) {
      this.deliver(['data', message]);
      return;
    }
    if (this.request !== undefined) {
      throw new GrpcError(
        Status.UNIMPLEMENTED,
        `Received a second request message for server streaming method ${this.method.path}`,
      );
    }
    this.request = message;
  }

  protected halfClosed(): void {
    if (this.method.requestStream) {
      this.deliver(['end']);
      return;
    }
    if (this.request === undefined) {
      throw new GrpcError(
        Status.UNIMPLEMENTED,
        `Received no request message for server streaming method ${this.method.path}`,
      );
    }
    this.start();
  }

  protected closed(cancelled: boolean): void {
    this.onClosed();
    if (cancelled) this.deliver(['cancelled']);
    this.deliver(['close']);
  }

  protected failed(error: GrpcError): void {
    this.deliver(['error', error]);
  }

  private start(): void {
    let setup: Promise<void>;
    try {
      // A bidirectional call has no `request`; its handler is typed without one.
      setup = this.handler(this as ServerStreamingCall<object, object>);
    } catch (error) {
      setup = Promise.reject(error);
    }
    setup
      .then(
        () => this.release(),
        (error: unknown) => {
          this.release();
          this.fail(error);
        },
      )
      // A listener that threw while the held events were delivered.
      .catch((error: unknown) => this.fail(error));
  }

  private release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const event of held) this.emit(event);
  }

  private deliver(event: HeldEvent): void {
    if (this.held) this.held.push(event);
    else this.emit(event);
  }

  private emit([name, ...args]: HeldEvent): void {
    // An 'error' event without a listener would throw; the status has been sent already.
    if (name === 'error' && this.events.listenerCount('error') === 0) return;
    this.events.emit(name, ...args);
  }
}
