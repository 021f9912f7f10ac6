/**
 * Items grouped by their tenant, in the order they came: batches that span tenants (finished
 * runs, expiring tokens) are read and alerted one tenant at a time. Node 20 has no Map.groupBy.
 */
export function byTenant<T extends { tenantId: string }, R = T>(
  items: readonly T[],
  map: (item: T) => R = (item) => item as unknown as R,
): Map<string, R[]> {
  const groups = new Map<string, R[]>();
  for (const item of items) {
    let group = groups.get(item.tenantId);
    if (!group) groups.set(item.tenantId, (group = []));
    group.push(map(item));
  }
  return groups;
}
