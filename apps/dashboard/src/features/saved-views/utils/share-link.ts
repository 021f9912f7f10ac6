import { tenantHref } from '@/config/paths';
import type { SavedViewList } from '@/types/api';

/** The query parameter of a share link: the list opens the view it names. */
export const VIEW_PARAM = 'view';

/**
 * A link that opens a view for any member of the tenant: the list's page with the view's id.
 * The id, not the state, so the link follows the view when its owner changes it.
 */
export function shareLink(tenantId: string, list: SavedViewList, viewId: string): string {
  const path = `${tenantHref(tenantId, list)}?${VIEW_PARAM}=${encodeURIComponent(viewId)}`;
  return new URL(path, window.location.origin).toString();
}
