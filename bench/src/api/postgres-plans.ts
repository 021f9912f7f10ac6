/**
 * Reads the plans auto_explain wrote to the PostgreSQL server log for the bench database:
 * `start` notes where the log ends now, `since` returns the slow statements logged after it,
 * slowest first, one per statement text. Needs a log file this process can read (Debian's
 * /var/log/postgresql/postgresql-<major>-main.log, or the logging collector's current file);
 * without one it returns nothing.
 */
import { readFileSync, statSync } from 'node:fs';
import type pg from 'pg';

export interface SlowPlan {
  durationMs: number;
  query: string;
  plan: string;
}

let logFile: string | undefined;

async function findLogFile(admin: pg.Client): Promise<string | undefined> {
  const { rows } = await admin.query<{ file: string | null; dir: string; major: string }>(
    `SELECT pg_current_logfile() AS file, current_setting('data_directory') AS dir,
            current_setting('server_version_num')::int / 10000 AS major`,
  );
  const row = rows[0]!;
  const candidates = [
    row.file && (row.file.startsWith('/') ? row.file : `${row.dir}/${row.file}`),
    `/var/log/postgresql/postgresql-${row.major}-main.log`,
  ].filter((f): f is string => Boolean(f));
  return candidates.find((file) => {
    try {
      readFileSync(file, { flag: 'r' }).subarray(0, 1);
      return true;
    } catch {
      return false;
    }
  });
}

export const readSlowPlans = {
  async start(admin: pg.Client): Promise<number> {
    logFile = await findLogFile(admin);
    return logFile ? statSync(logFile).size : 0;
  },

  since(offset: number, database: string): SlowPlan[] {
    if (!logFile) return [];
    const text = readFileSync(logFile).subarray(offset).toString('utf8');
    const entries: SlowPlan[] = [];
    let current: { durationMs: number; lines: string[] } | undefined;
    const flush = () => {
      if (!current) return;
      const queryIndex = current.lines.findIndex((l) => l.trim().startsWith('Query Text:'));
      const planStart = current.lines.findIndex(
        (l, i) => i > queryIndex && /^\s*\S.*\(cost=/.test(l),
      );
      entries.push({
        durationMs: current.durationMs,
        query: current.lines
          .slice(queryIndex, planStart < 0 ? undefined : planStart)
          .join('\n')
          .replace(/^\s*Query Text:\s*/, '')
          .trim(),
        plan: planStart < 0 ? '' : current.lines.slice(planStart).join('\n'),
      });
      current = undefined;
    };
    for (const line of text.split('\n')) {
      const header = /^\d{4}-\d\d-\d\d .*@(\S+) LOG:\s+duration: ([\d.]+) ms\s+plan:/.exec(line);
      if (header) {
        flush();
        if (header[1] === database) current = { durationMs: Number(header[2]), lines: [] };
      } else if (current && (line.startsWith('\t') || line.startsWith(' '))) {
        current.lines.push(line.replace(/^\t/, ''));
      } else {
        flush();
      }
    }
    flush();
    const slowest = new Map<string, SlowPlan>();
    for (const entry of entries) {
      const key = entry.query.replace(/\s+/g, ' ').slice(0, 300);
      if ((slowest.get(key)?.durationMs ?? -1) < entry.durationMs) slowest.set(key, entry);
    }
    return [...slowest.values()].sort((a, b) => b.durationMs - a.durationMs).slice(0, 10);
  },
};
