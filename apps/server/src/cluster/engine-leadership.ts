/**
 * Several server processes on one database: the one holding the engine lease runs the engine,
 * gRPC and the REST API; the others stand by and take over when its lease ends (a clean stop
 * hands it over at once, a killed process's lapses within seconds). @trellis/engine's lease.ts
 * says how the lease is kept and fenced; docs/operations.md how to deploy it.
 */
import type { Database } from '@trellis/db';
import { EngineLease } from '@trellis/engine';
import { startStandbyServer, type StandbyServer } from './standby-server';

export interface LeadershipOptions {
  db: Database;
  /** Where a standing-by process answers health checks (the HTTP port it will serve on). */
  http: { host: string; port: number };
  /** Stops waiting (a stop signal while standing by): the promise rejects. */
  signal: AbortSignal;
  log: (message: string) => void;
  /** The lease was lost while running: the process must stop (it cannot recover in place). */
  onLost: (reason: string) => void;
}

/** Resolves once this process holds the engine lease; stands by until then. */
export async function becomeEngineLeader(options: LeadershipOptions): Promise<EngineLease> {
  let standby: Promise<StandbyServer> | undefined;
  let holder = '';
  try {
    return await EngineLease.acquire({
      db: options.db,
      signal: options.signal,
      onLost: options.onLost,
      onWaiting: (held) => {
        holder = held.holder;
        options.log(
          `  Trellis is standing by: server process ${held.holder} runs the engine on this ` +
            'database; this one takes over when its lease ends',
        );
        standby = startStandbyServer(
          options.http.host,
          options.http.port,
          () => `standing by: server process ${holder} runs the engine; retry`,
        );
      },
    });
  } finally {
    await (await standby)?.close();
  }
}
