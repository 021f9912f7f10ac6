import fs from 'node:fs';
import path from 'node:path';

export interface MigrationFile {
  version: number;
  /** The part after the number: `accounts` for 0001_accounts.sql. */
  name: string;
  fileName: string;
  sql: string;
}

const fileNamePattern = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/**
 * Reads the `.sql` files of a migrations folder in order, refusing a folder that breaks the
 * numbering rule: NNNN_name.sql, numbered 0001, 0002, ... without gaps or duplicates. A gap or
 * a duplicate number is what two branches adding "the next migration" leave behind.
 */
export function readMigrationFiles(migrationsDir: string): MigrationFile[] {
  const fileNames = fs
    .readdirSync(migrationsDir)
    .filter((fileName) => fileName.endsWith('.sql'))
    .sort();
  const files = fileNames.map((fileName) => {
    const match = fileNamePattern.exec(fileName);
    if (!match) {
      throw new Error(
        `Migration file ${fileName} in ${migrationsDir} is misnamed: ` +
          'use NNNN_name.sql (four digits, then lower-case letters, digits, underscores).',
      );
    }
    const sql = fs.readFileSync(path.join(migrationsDir, fileName), 'utf8');
    return { version: Number(match[1]), name: match[2] ?? '', fileName, sql };
  });
  files.forEach((file, index) => {
    const previous = files[index - 1];
    if (previous?.version === file.version) {
      throw new Error(
        `Migrations ${previous.fileName} and ${file.fileName} share a number; renumber the newer one.`,
      );
    }
    if (file.version !== index + 1) {
      throw new Error(
        `Migration ${file.fileName} should be numbered ${formatVersion(index + 1)}: ` +
          'migrations are numbered from 0001 without gaps.',
      );
    }
  });
  return files;
}

export function formatVersion(version: number): string {
  return String(version).padStart(4, '0');
}
