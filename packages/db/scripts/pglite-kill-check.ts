/**
 * Checks empirically that a PGlite commit which returned survives SIGKILL (docs/database.md,
 * "What PGlite guarantees"). Run from the repository root:
 *
 *   npx tsx packages/db/scripts/pglite-kill-check.ts [rounds]
 *
 * Every round starts a child on one data folder. The child commits rows, one statement or one
 * three-row transaction per commit, and appends each committed sequence number to an
 * acknowledgement file with a synchronous write as soon as the commit resolves. Odd rounds: the
 * child SIGKILLs itself right after a random commit resolved. Even rounds: the parent SIGKILLs
 * it at a random moment while it commits, usually mid-statement. The parent then reopens the
 * folder (PostgreSQL crash recovery) and checks that every acknowledged row is there.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPgliteDatabase } from '../src/pglite-database';

const [role, ...args] = process.argv.slice(2);
if (role === 'child') await runChild(args);
else await runParent(Number(role ?? 10));

async function runChild([dataDir, ackFile, round, selfKillAfter]: string[]) {
  if (!dataDir || !ackFile || !round || !selfKillAfter) throw new Error('missing arguments');
  const db = await openPgliteDatabase({ dataDir });
  await db.exec(
    'create table if not exists commit_log (round int, seq int, primary key (round, seq))',
  );
  const ack = fs.openSync(ackFile, 'a');
  process.stdout.write('open\n');
  for (let seq = 1, commits = 1; ; commits += 1) {
    const first = seq;
    if (commits % 2 === 0) {
      await db.transaction(async (tx) => {
        for (; seq < first + 3; seq += 1) {
          await tx.query('insert into commit_log values ($1, $2)', [Number(round), seq]);
        }
      });
    } else {
      await db.query('insert into commit_log values ($1, $2)', [Number(round), seq]);
      seq += 1;
    }
    for (let done = first; done < seq; done += 1) fs.writeSync(ack, `${done}\n`);
    if (commits === Number(selfKillAfter)) process.kill(process.pid, 'SIGKILL');
  }
}

async function runParent(rounds: number) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-kill-check-'));
  const dataDir = path.join(work, 'data');
  const script = fileURLToPath(import.meta.url);
  let failures = 0;
  for (let round = 1; round <= rounds; round += 1) {
    const ackFile = path.join(work, `acks-${round}`);
    const selfKill = round % 2 === 1;
    const selfKillAfter = selfKill ? 1 + Math.floor(Math.random() * 200) : 0;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', script, 'child', dataDir, ackFile, String(round), String(selfKillAfter)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = once(child, 'exit');
    await once(child.stdout, 'data');
    if (!selfKill) {
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 1500));
      child.kill('SIGKILL');
    }
    const [, signal] = (await exited) as [number | null, string | null];

    const acked = fs.existsSync(ackFile)
      ? fs.readFileSync(ackFile, 'utf8').split('\n').filter(Boolean).map(Number)
      : [];
    const db = await openPgliteDatabase({ dataDir });
    const { rows } = await db.query<{ seq: number }>(
      'select seq from commit_log where round = $1',
      [round],
    );
    await db.close();
    const stored = new Set(rows.map(({ seq }) => seq));
    const lost = acked.filter((seq) => !stored.has(seq));
    if (lost.length > 0) failures += 1;
    console.log(
      `round ${round}: ${selfKill ? `self-kill after commit ${selfKillAfter}` : 'killed by parent'}` +
        ` (${signal}), acknowledged ${acked.length}, found ${stored.size}, lost ${lost.length}`,
    );
  }
  fs.rmSync(work, { recursive: true, force: true });
  console.log(failures === 0 ? 'no acknowledged commit lost' : `${failures} rounds lost commits`);
  process.exitCode = failures === 0 ? 0 : 1;
}
