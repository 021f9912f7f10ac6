/**
 * Relaying calls to the process that serves them. Several server processes share one
 * database and each tenant is scheduled by one of them, but an SDK connects to whichever
 * process its address reaches; a call for a tenant served elsewhere is passed on, as raw
 * HTTP/2 (relayed-call.ts), to that process's gRPC port, and the client sees its answer.
 *
 * One HTTP/2 session per peer carries every call relayed there, made on first need and
 * dropped when it closes, fails or is sent a GOAWAY, so the next call reconnects. Over TLS the
 * peer must present our very certificate: all processes serve the same one, and the calls
 * carry the clients' tokens, which go to no one else.
 */
import { X509Certificate } from 'node:crypto';
import {
  connect,
  type ClientHttp2Session,
  type IncomingHttpHeaders,
  type ServerHttp2Stream,
} from 'node:http2';
import type { PeerCertificate } from 'node:tls';
import type { CallOptions } from './calls';
import type { ClientConnection } from './connection';
import { RelayedCall, relayedRequestHeaders } from './relayed-call';
import { GrpcError, Status } from './status';

/** Decides where a call is served: here (undefined) or at the gRPC address (`host:port`) returned. */
export type RelayHook = (headers: IncomingHttpHeaders) => Promise<string | undefined>;

export class GrpcRelay {
  private readonly sessions = new Map<string, ClientHttp2Session>();
  private readonly streamingCalls = new Set<RelayedCall>();
  /** Our certificate, which a peer must present; undefined when we serve plaintext. */
  private readonly certificate: { chain: Buffer; der: Buffer } | undefined;

  constructor(
    readonly choose: RelayHook,
    private readonly options: CallOptions,
    /** Our PEM certificate chain when we serve TLS: peers are reached over TLS too. */
    tlsCert: Buffer | undefined,
    private readonly maxSessionMemoryMb: number,
  ) {
    this.certificate = tlsCert && { chain: tlsCert, der: new X509Certificate(tlsCert).raw };
  }

  /**
   * Relays the call on `stream` to `peer`; throws a GrpcError, before touching the stream, if
   * `peer` is no address to connect to.
   */
  relay(
    stream: ServerHttp2Stream,
    headers: IncomingHttpHeaders,
    peer: string,
    streaming: boolean,
    connection: ClientConnection,
  ): void {
    const session = this.session(peer);
    const upstream = session.request(relayedRequestHeaders(headers));
    const call: RelayedCall = new RelayedCall(
      stream,
      upstream,
      session,
      peer,
      headers[':path'] ?? '',
      connection,
      this.options,
      () => this.streamingCalls.delete(call),
    );
    if (streaming) this.streamingCalls.add(call);
  }

  /**
   * Ends relayed streams with UNAVAILABLE, as the transport does its own, and closes the
   * sessions once the unary calls relayed on them are answered.
   */
  close(): void {
    for (const call of this.streamingCalls) call.shutdown();
    for (const session of this.sessions.values()) session.close();
    this.sessions.clear();
  }

  /** The pooled session to `peer`, made now if there is none that can take a call. */
  private session(peer: string): ClientHttp2Session {
    const pooled = this.sessions.get(peer);
    if (pooled !== undefined && !pooled.closed && !pooled.destroyed) return pooled;
    const session = this.connect(peer);
    const drop = () => {
      if (this.sessions.get(peer) === session) this.sessions.delete(peer);
    };
    // The session's streams learn of a failure too, and end their calls with UNAVAILABLE.
    session.on('error', drop);
    session.once('goaway', drop);
    session.once('close', drop);
    this.sessions.set(peer, session);
    return session;
  }

  private connect(peer: string): ClientHttp2Session {
    const certificate = this.certificate;
    try {
      if (certificate === undefined) {
        return connect(`http://${peer}`, { maxSessionMemory: this.maxSessionMemoryMb });
      }
      return connect(`https://${peer}`, {
        maxSessionMemory: this.maxSessionMemoryMb,
        // The peer's certificate is pinned: it must be ours, byte for byte. Chain checks still
        // run (the key, the dates) with ours as the only trust anchor, which takes a partial
        // chain for a certificate a CA issued; the pin replaces the host name check, since
        // peers are reached by addresses the certificate need not name. (Pinning with
        // rejectUnauthorized: false would not do: node skips checkServerIdentity when the
        // chain check fails, and a self-signed certificate fails it without `ca`.)
        ca: certificate.chain,
        allowPartialTrustChain: true,
        checkServerIdentity: (_host: string, presented: PeerCertificate) =>
          presented.raw.equals(certificate.der)
            ? undefined
            : new Error(`${peer} does not present this server's certificate`),
      });
    } catch (error) {
      throw new GrpcError(
        Status.UNAVAILABLE,
        `the call cannot be relayed to ${peer}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
