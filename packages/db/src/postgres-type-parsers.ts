import pg from 'pg';
import type { CustomTypesConfig } from 'pg';

/**
 * node-postgres defaults already give int8 and numeric as strings and timestamptz as Date.
 * These overrides make the rest match PGlite: a date stays 'YYYY-MM-DD' (node-postgres would
 * make it local midnight, which shifts with the process time zone) and an interval stays
 * PostgreSQL's text (node-postgres would build an object).
 */
const asText = (value: string) => value;
const asTextArray = (value: string) => pg.types.arrayParser(value, asText);

const overrides = new Map<number, (value: string) => unknown>([
  [1082, asText], // date
  [1182, asTextArray], // date[]
  [1186, asText], // interval
  [1187, asTextArray], // interval[]
]);

export const portableTypes: CustomTypesConfig = {
  getTypeParser: (oid, format) => overrides.get(oid) ?? pg.types.getTypeParser(oid, format),
};
