import fs from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite 0.5 on Node never flushes its files to the disk:
 * - it starts PostgreSQL with `-F` (fsync = off), so a commit writes its WAL record with a
 *   plain write() and returns, without waiting for the disk;
 * - Emscripten's NODEFS, which maps PGDATA onto the real folder, has no fsync of its own, so
 *   even with fsync on, PostgreSQL's fsync() calls reach nothing (and `fdatasync()`, the
 *   default wal_sync_method on Linux, is a no-op stub in the Emscripten runtime);
 * - `relaxedDurability` is unrelated: it only affects file systems that copy memory to a store
 *   after each query (IndexedDB), and NodeFS has nothing to copy.
 * A commit therefore survives the process being killed (the bytes are in the OS page cache)
 * but not an OS crash or a power loss. The storage below closes that gap: NODEFS gets an
 * fsync that calls fsync(2) on the real file, and PostgreSQL runs with fsync on and
 * wal_sync_method = fsync, so a commit returns only after its WAL reached the disk and a
 * checkpoint completes only after the data files did. The cost is one fsync per commit.
 */
const durableStartParams = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

type NodeFSInitArgs = Parameters<NodeFS['init']>;

interface NodefsWithStreamOps {
  stream_ops: { fsync?: (stream: { nfd?: number }) => number };
}

class FsyncingNodeFS extends NodeFS {
  override async init(pg: NodeFSInitArgs[0], opts: NodeFSInitArgs[1]) {
    const init = await super.init(pg, opts);
    init.emscriptenOpts.preRun = [
      ...(init.emscriptenOpts.preRun ?? []),
      (mod) => {
        const nodefs = mod.NODEFS as unknown as NodefsWithStreamOps;
        // An fsync failure (EIO) throws out of PostgreSQL and breaks the instance: like
        // PostgreSQL's own PANIC on a failed fsync, stopping beats carrying on with lost writes.
        nodefs.stream_ops.fsync = (stream) => {
          if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return init;
  }
}

/** Opens PGlite on an existing or empty PGDATA folder, with commits flushed to the disk. */
export function createDurablePglite(
  pgdata: string,
  options: Pick<PGliteOptions, 'parsers'> = {},
): Promise<PGlite> {
  return PGlite.create({
    ...options,
    fs: new FsyncingNodeFS(pgdata),
    startParams: durableStartParams,
  });
}
