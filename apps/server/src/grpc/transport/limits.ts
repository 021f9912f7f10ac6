/**
 * The limits the worker port keeps, each with its reason. The port is reachable before
 * authentication, so everything a client can make the server hold is bounded, per connection
 * and in connections. nghttp2 (under node:http2) enforces the HTTP/2 settings and the session
 * memory; connection.ts and calls.ts the rest. A client past one is dropped or refused as
 * each comment says. Tests pass other values through `TransportLimits`.
 */

const MIB = 1024 * 1024;

/**
 * Streams one connection may have open at once (SETTINGS_MAX_CONCURRENT_STREAMS). grpc-js
 * does not fail calls past it: nghttp2 holds a client's new streams until one closes (tested
 * in grpc-transport.test.ts). So it only has to sit above the long-lived streams one client
 * holds (a ListenV2, a run-results subscription, a stream per run it follows) with room for
 * its bursts of unary calls, of which the engine bench keeps a few hundred in flight; and it
 * bounds the calls one connection can make us hold. Past it nghttp2 refuses the stream
 * (REFUSED_STREAM) until the client has acknowledged the setting, then ends the connection.
 */
export const MAX_CONCURRENT_STREAMS = 1000;

/**
 * nghttp2's memory for one connection, in MB (node's maxSessionMemory; node's default is 10,
 * and the node:http2 server Trellis had before lifted it altogether): header tables, stream
 * state, frames queued for the socket (our responses among them), unanswered PINGs and
 * SETTINGS. Past it new streams are refused with ENHANCE_YOUR_CALM, and node drops a client
 * that goes on opening them (after 100 refusals). It sits above MAX_UNSENT_BYTES_PER_CONNECTION,
 * so that a client slow to read large responses meets that budget, not refused calls, first.
 */
export const MAX_SESSION_MEMORY_MB = 64;

/**
 * A request's header list, counted as HTTP/2 does (name, value and 32 bytes per field;
 * SETTINGS_MAX_HEADER_LIST_SIZE, which node enforces by resetting the stream with
 * ENHANCE_YOUR_CALM). The SDK sends about 1 KiB, most of it its token; grpc-js's own servers
 * accept 8 KiB of metadata. A header block may also run to 8 CONTINUATION frames at most:
 * nghttp2 ends the connection at the ninth, which stops CONTINUATION floods.
 */
export const MAX_HEADER_LIST_BYTES = 16 * 1024;

/**
 * From accept (TLS: from the end of the handshake, which is given as long) to the client's
 * HTTP/2 preface and SETTINGS, which a client sends at once. A connection silent that long
 * is gone or hostile; it is closed.
 */
export const PREFACE_TIMEOUT_MS = 10_000;

/**
 * From accept to the connection's first call whose token checks out (its handler calls
 * `authenticated()`). An SDK channel connects to make a call and makes it at once, so this
 * closes only connections without a valid token, which would otherwise hold a place among
 * MAX_CONNECTIONS for free (PINGs and failed calls do not extend it). Generous, for a
 * token check queued behind a busy database.
 */
export const AUTHENTICATION_TIMEOUT_MS = 30_000;

/**
 * A connection on which nothing has arrived for this long (no call, no request bytes, not one
 * of the keepalive PINGs the SDK sends every 10 s, with or without calls) is held by a client
 * that is gone or stuck, even if it left streams open; it is closed (GOAWAY NO_ERROR; a client
 * still there reconnects). PINGs count, so a live SDK connection is never closed for idleness.
 */
export const IDLE_TIMEOUT_MS = 5 * 60_000;

/**
 * Connections open at once; past it new ones are closed on accept. Each costs a file
 * descriptor and up to the budgets here, and an SDK process holds a few. Below the common
 * 1024 open-files limit, with room for the HTTP port and the database.
 */
export const MAX_CONNECTIONS = 900;

/**
 * Bytes the calls of one connection hold in request messages that have not fully arrived
 * (they are buffered as their bytes arrive, never at the length their prefix announces):
 * four messages of the 4 MiB limit at once. A call whose next bytes do not fit fails with
 * RESOURCE_EXHAUSTED.
 */
export const MAX_BUFFERED_REQUEST_BYTES = 16 * MIB;

/**
 * Response bytes one call may have waiting for its client (flow control holds them back
 * while the client does not read that stream): two messages of the 4 MiB limit. Only a
 * streaming call can reach it, since a unary call writes one message; past it the call is
 * reset (ENHANCE_YOUR_CALM) and its handler hears 'cancelled', while the connection's other
 * calls go on.
 */
export const MAX_UNSENT_BYTES_PER_CALL = 8 * MIB;

/**
 * Response bytes one connection may have waiting for its client, over all its calls: a
 * client this far behind is not reading at all, and the connection is dropped (GOAWAY
 * ENHANCE_YOUR_CALM). Without it, MAX_CONCURRENT_STREAMS unary calls could each leave a
 * 4 MiB response queued.
 */
export const MAX_UNSENT_BYTES_PER_CONNECTION = 32 * MIB;

/**
 * Streams a client may cancel (RST_STREAM before our answer) at once, and per second after
 * that. Opening and resetting streams costs the client nothing and the server a call each
 * (CVE-2023-44487, "rapid reset"); nghttp2 answers 1000 such resets with a GOAWAY but goes on
 * reading, so we drop the connection earlier and at once (GOAWAY ENHANCE_YOUR_CALM). The SDK
 * cancels a stream when it stops a subscription or a call passes its deadline: a few at a
 * time.
 */
export const RESET_BURST = 200;
export const RESETS_PER_SECOND = 20;

export interface TransportLimits {
  maxConcurrentStreams: number;
  maxSessionMemoryMb: number;
  maxHeaderListBytes: number;
  prefaceTimeoutMs: number;
  authenticationTimeoutMs: number;
  idleTimeoutMs: number;
  maxConnections: number;
  maxBufferedRequestBytes: number;
  maxUnsentBytesPerCall: number;
  maxUnsentBytesPerConnection: number;
  resetBurst: number;
  resetsPerSecond: number;
}

export const TRANSPORT_LIMITS: TransportLimits = {
  maxConcurrentStreams: MAX_CONCURRENT_STREAMS,
  maxSessionMemoryMb: MAX_SESSION_MEMORY_MB,
  maxHeaderListBytes: MAX_HEADER_LIST_BYTES,
  prefaceTimeoutMs: PREFACE_TIMEOUT_MS,
  authenticationTimeoutMs: AUTHENTICATION_TIMEOUT_MS,
  idleTimeoutMs: IDLE_TIMEOUT_MS,
  maxConnections: MAX_CONNECTIONS,
  maxBufferedRequestBytes: MAX_BUFFERED_REQUEST_BYTES,
  maxUnsentBytesPerCall: MAX_UNSENT_BYTES_PER_CALL,
  maxUnsentBytesPerConnection: MAX_UNSENT_BYTES_PER_CONNECTION,
  resetBurst: RESET_BURST,
  resetsPerSecond: RESETS_PER_SECOND,
};
