const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The run or task id in what the user pasted: a bare UUID, or one inside a link such as
 * `/tenants/{tenant}/runs/{run}` (the last UUID wins, so the tenant's id is skipped).
 * Lower-cased; undefined when there is none.
 */
export function parseEntityId(text: string): string | undefined {
  const matches = text.trim().match(new RegExp(UUID.source, 'gi'));
  if (!matches) return undefined;
  return matches[matches.length - 1]!.toLowerCase();
}
