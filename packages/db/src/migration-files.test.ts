import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readMigrationFiles } from './migration-files';

describe('readMigrationFiles', () => {
  const dirs: string[] = [];
  const folderWith = (files: Record<string, string>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-migrations-'));
    dirs.push(dir);
    for (const [name, sql] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), sql);
    return dir;
  };

  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads the .sql files in numeric order and ignores other files', () => {
    const dir = folderWith({
      '0002_runs.sql': 'create table run ();',
      '0001_accounts.sql': 'create table account ();',
      'README.md': 'notes',
    });
    expect(readMigrationFiles(dir)).toEqual([
      {
        version: 1,
        name: 'accounts',
        fileName: '0001_accounts.sql',
        sql: 'create table account ();',
      },
      { version: 2, name: 'runs', fileName: '0002_runs.sql', sql: 'create table run ();' },
    ]);
  });

  it('accepts an empty folder', () => {
    expect(readMigrationFiles(folderWith({}))).toEqual([]);
  });

  it('refuses a misnamed file', () => {
    expect(() => readMigrationFiles(folderWith({ '1_accounts.sql': '' }))).toThrow(/misnamed/);
    expect(() => readMigrationFiles(folderWith({ '0001-Accounts.sql': '' }))).toThrow(/misnamed/);
  });

  it('refuses two files with one number', () => {
    const dir = folderWith({ '0001_accounts.sql': '', '0002_runs.sql': '', '0002_tasks.sql': '' });
    expect(() => readMigrationFiles(dir)).toThrow(
      /0002_runs.sql and 0002_tasks.sql share a number/,
    );
  });

  it('refuses a gap or a start other than 0001', () => {
    expect(() => readMigrationFiles(folderWith({ '0001_a.sql': '', '0003_c.sql': '' }))).toThrow(
      /0003_c.sql should be numbered 0002/,
    );
    expect(() => readMigrationFiles(folderWith({ '0000_a.sql': '' }))).toThrow(
      /should be numbered 0001/,
    );
  });
});
