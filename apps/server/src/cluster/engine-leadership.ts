/**
 * Several server processes on one database: the one holding the engine lease runs the engine,
 * gRPC and the REST API; the others forward what they receive to it (forwarding-server.ts), so
 * that any process serves anything, and take over when its lease ends (a clean stop hands it
 * over at once, a killed process's lapses within seconds). @trellis/engine's lease.ts says how
 * the lease is kept and fenced; docs/operations.md how to deploy it.
 */
import type { Database } from '@trellis/db';
import { EngineLease } from '@trellis/engine';
import { startForwardingServer, type ForwardingServer } from './forwarding-server';

export interface LeadershipOptions {
  db: Database;
  /** Where this process listens, and the host the other processes reach it at. */
  listen: { host: string; httpPort: number; grpcPort: number; peerHost: string };
  /** Stops waiting (a stop signal while standing by): the promise rejects. */
  signal: AbortSignal;
  log: (message: string, error?: unknown) => void;
  /** The lease was lost while running: the process must stop (it cannot recover in place). */
  onLost: (reason: string) => void;
}

/** Resolves once this process holds the engine lease; forwards to the holder until then. */
export async function becomeEngineLeader(options: LeadershipOptions): Promise<EngineLease> {
  const { db, listen } = options;
  let forwarding: Promise<ForwardingServer> | undefined;
  let holder = '';
  // A process that cannot listen to forward cannot serve: it stops waiting, with that error.
  const cannotForward = new AbortController();
  try {
    return await EngineLease.acquire({
      db,
      signal: AbortSignal.any([options.signal, cannotForward.signal]),
      onLost: options.onLost,
      addresses: {
        http: `${listen.peerHost}:${listen.httpPort}`,
        grpc: `${listen.peerHost}:${listen.grpcPort}`,
      },
      onWaiting: (held) => {
        holder = held.holder;
        forwarding = startForwardingServer({
          host: listen.host,
          httpPort: listen.httpPort,
          grpcPort: listen.grpcPort,
          findServing: async () => {
            const lease = await EngineLease.current(db);
            // A lapsed lease's holder is gone or about to be replaced: refuse rather than
            // forward to it, and let the client retry.
            return lease && lease.expiresAt.getTime() > Date.now() ? lease.addresses : undefined;
          },
          describe: () => `server process ${holder} runs the engine and cannot be reached; retry`,
          log: options.log,
        });
        // Said once the ports listen: from this line on, this process serves.
        forwarding.then(
          () =>
            options.log(
              `  Trellis is standing by: server process ${held.holder} runs the engine on this ` +
                'database; this one forwards to it, and takes over when its lease ends',
            ),
          (error: unknown) => cannotForward.abort(error),
        );
      },
    });
  } finally {
    // A forwarding server that never listened has nothing to close; acquire threw its error.
    await (await forwarding?.catch(() => undefined))?.close();
  }
}
