/**
 * One client connection (a node:http2 session) and the limits kept on it above nghttp2's own:
 * the deadlines for its preface and for its first authenticated call, the idle timeout, the
 * budgets of request bytes its calls buffer and of response bytes it has not taken, and the
 * rate at which it may reset streams. A connection past one of them is dropped.
 */
import { constants, type ServerHttp2Session } from 'node:http2';
import type { ByteBudget } from './framing';
import type { TransportLimits } from './limits';

/**
 * Idle checks per idle timeout: a connection is closed after between 4 and 5 quarters of it
 * in silence. Checked this way rather than with node's session timeout, which node refreshes
 * on every stream event: that cost 5% more server CPU per call in bench:grpc's batched load.
 */
const IDLE_CHECKS = 4;

export class ClientConnection implements ByteBudget {
  /** Set by whatever the client sends that we see: a call, request bytes, a PING. */
  heard = true;
  private silentChecks = 0;
  private authenticationDeadline: NodeJS.Timeout | undefined;
  private bufferedRequestBytes = 0;
  private unsentResponseBytes = 0;
  /** Resets the client may still make at once, refilled with time (a token bucket). */
  private resetAllowance: number;
  private resetAllowanceAt = Date.now();

  constructor(
    private readonly session: ServerHttp2Session,
    private readonly limits: TransportLimits,
  ) {
    this.resetAllowance = limits.resetBurst;
    const preface = setTimeout(() => this.end(), limits.prefaceTimeoutMs);
    session.once('remoteSettings', () => clearTimeout(preface));
    this.authenticationDeadline = setTimeout(() => this.end(), limits.authenticationTimeoutMs);
    const idleCheck = setInterval(() => this.checkIdle(), limits.idleTimeoutMs / IDLE_CHECKS);
    session.once('close', () => {
      clearTimeout(preface);
      clearTimeout(this.authenticationDeadline);
      clearInterval(idleCheck);
    });
    // node hands PINGs (which it answers itself) to JavaScript only when someone listens.
    session.on('ping', () => (this.heard = true));
  }

  /** A call's credentials checked out: the connection is no longer held to the deadline. */
  authenticated(): void {
    if (this.authenticationDeadline === undefined) return;
    clearTimeout(this.authenticationDeadline);
    this.authenticationDeadline = undefined;
  }

  take(bytes: number): boolean {
    if (this.bufferedRequestBytes + bytes > this.limits.maxBufferedRequestBytes) return false;
    this.bufferedRequestBytes += bytes;
    return true;
  }

  give(bytes: number): void {
    this.bufferedRequestBytes -= bytes;
  }

  /** Response bytes handed to node for the client; drops a client that does not take them. */
  responseQueued(bytes: number): void {
    this.unsentResponseBytes += bytes;
    if (this.unsentResponseBytes > this.limits.maxUnsentBytesPerConnection) {
      this.cutOff('the client does not take its responses');
    }
  }

  /** Response bytes the client has taken, or that went with their stream. */
  responseSent(bytes: number): void {
    this.unsentResponseBytes -= bytes;
  }

  /**
   * A stream closed, with the code of the RST_STREAM that closed it if any (NO_ERROR if it
   * ended normally). A client that resets streams too fast is dropped; a reset counts even
   * when our answer was already on its way, since a quick answer is no cheaper than a call.
   */
  streamClosed(resetCode: number): void {
    // When the session goes, its streams close with it: that is no reset of the client's.
    if (resetCode === constants.NGHTTP2_NO_ERROR || this.session.destroyed) return;
    const now = Date.now();
    const { resetBurst, resetsPerSecond } = this.limits;
    this.resetAllowance = Math.min(
      resetBurst,
      this.resetAllowance + ((now - this.resetAllowanceAt) * resetsPerSecond) / 1000,
    );
    this.resetAllowanceAt = now;
    if (this.resetAllowance < 1) this.cutOff('the client resets streams too fast');
    else this.resetAllowance -= 1;
  }

  private checkIdle(): void {
    if (this.heard) {
      this.heard = false;
      this.silentChecks = 0;
    } else if (++this.silentChecks === IDLE_CHECKS) {
      this.end();
    }
  }

  /** Ends the connection at once (GOAWAY NO_ERROR); its streams are cancelled. */
  private end(): void {
    this.session.destroy();
  }

  /** Ends the connection at once for misbehaving, with GOAWAY ENHANCE_YOUR_CALM. */
  private cutOff(reason: string): void {
    // node emits the error as the session's 'error', which its own listener passes on to the
    // server as 'sessionError'.
    this.session.destroy(new Error(reason), constants.NGHTTP2_ENHANCE_YOUR_CALM);
  }
}
