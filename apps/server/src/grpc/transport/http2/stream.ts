/**
 * One request stream on a server connection: what the gRPC call layer reads from and writes
 * to. Flow control and framing live in the connection; the stream holds its own state and
 * the output its windows have not let out yet.
 */
import { ReceiveWindow } from './receive-window';

/** Request header fields by lowercase name; a repeated field's values joined with ", ". */
export type RequestHeaders = Readonly<Record<string, string | undefined>>;

/** What the call layer hears of a stream. */
export interface StreamListener {
  /** Request body bytes, as they arrive (HTTP/2 cuts them anywhere). */
  data(chunk: Buffer): void;
  /** The client has sent everything (END_STREAM). */
  end(): void;
  /**
   * The stream is over: both sides ended, we or the client reset it, or the connection is
   * gone. Always the last event, and always after the call that caused it has returned.
   */
  close(): void;
}

/** The connection's side of a stream (implemented by Http2ServerConnection). */
export interface StreamOwner {
  sendHeaders(stream: ServerStream, block: Buffer, endStream: boolean): void;
  sendData(stream: ServerStream): void;
  resetStream(stream: ServerStream, code: number): void;
}

export class ServerStream {
  listener: StreamListener | null = null;
  headersSent = false;
  /** The client has sent END_STREAM. */
  remoteEnded = false;
  /** Our END_STREAM is sent or waiting behind data: nothing more may be written. */
  localEnded = false;
  /** Over; see StreamListener.close. */
  closed = false;

  /** How much DATA we may send. */
  sendWindow: number;
  readonly receiveWindow: ReceiveWindow;
  /** Output that flow control holds back, oldest first; `sentOfFirst` of the first is out. */
  readonly pending: Buffer[] = [];
  sentOfFirst = 0;
  /** Trailers to send with END_STREAM once `pending` is out. */
  trailers: Buffer | null = null;

  constructor(
    readonly id: number,
    readonly headers: RequestHeaders,
    private readonly owner: StreamOwner,
    sendWindow: number,
    receiveWindowSize: number,
  ) {
    this.sendWindow = sendWindow;
    this.receiveWindow = new ReceiveWindow(receiveWindowSize);
  }

  /** Sends response headers (an encoded block); with `endStream`, a trailers-only response. */
  respond(block: Buffer, endStream = false): void {
    if (this.headersSent || this.localEnded || this.closed) return;
    this.headersSent = true;
    if (endStream) this.localEnded = true;
    this.owner.sendHeaders(this, block, endStream);
  }

  /** Sends body bytes, as fast as the peer's windows allow. Call `respond` first. */
  write(data: Buffer): void {
    if (this.localEnded || this.closed || data.length === 0) return;
    this.pending.push(data);
    this.owner.sendData(this);
  }

  /** Ends the response with trailers (an encoded block), after any body still held back. */
  end(trailers: Buffer): void {
    if (this.localEnded || this.closed) return;
    this.localEnded = true;
    this.trailers = trailers;
    this.owner.sendData(this);
  }

  /** Abandons the stream with RST_STREAM. */
  reset(code: number): void {
    if (!this.closed) this.owner.resetStream(this, code);
  }
}
