/**
 * Additional-metadata filters (runs and events lists): `key:value` entries, at most one per
 * key, as the list endpoints take them (`additional_metadata` / `additionalMetadata`).
 */

/** Adds `key:value` to the metadata filter, replacing an entry with the same key. */
export function withMetadataFilter(entries: readonly string[], key: string, value: string) {
  const trimmedKey = key.trim();
  if (!trimmedKey || trimmedKey.includes(':')) return [...entries];
  const kept = entries.filter((entry) => entry.slice(0, entry.indexOf(':')) !== trimmedKey);
  return [...kept, `${trimmedKey}:${value.trim()}`];
}

/** The value a metadata entry filters on, as text (objects as JSON). */
export function metadataValueText(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Entries of a URL filter that have the `key:value` shape (anything else is dropped). */
export function metadataEntries(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((entry): entry is string => typeof entry === 'string' && entry.indexOf(':') > 0)
    : [];
}
