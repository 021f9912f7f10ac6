import { readFileSync } from 'node:fs';

/** The server's version, from its package.json, prefixed with `v` as clients expect. */
export const TRELLIS_VERSION = `v${
  (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    }
  ).version
}`;
