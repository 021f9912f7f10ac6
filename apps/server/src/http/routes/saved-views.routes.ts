import {
  MAX_SAVED_VIEWS_PER_LIST,
  roleAtLeast,
  v1SavedViewCreate,
  v1SavedViewDelete,
  v1SavedViewGet,
  v1SavedViewList,
  v1SavedViewUpdate,
  type SavedView,
} from '@trellis/api-contract';
import {
  countOwnSavedViews,
  deleteSavedView,
  findVisibleSavedView,
  insertSavedView,
  listVisibleSavedViews,
  updateSavedView,
  type SavedViewRow,
} from '../../accounts/saved-view.queries';
import { badRequest, forbidden, notFound } from '../api-error';
import type { ApiRouter } from '../api-router';
import { actingRole, type Identity } from '../authenticate';

const DUPLICATE_NAME = 'you already have a view of this list with this name';

function presentSavedView(row: SavedViewRow): SavedView {
  return {
    metadata: {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
    list: row.list,
    name: row.name,
    state: row.state,
    shared: row.shared,
    owner: { id: row.ownerUserId, name: row.ownerName ?? '', email: row.ownerEmail },
  };
}

/**
 * Saved views of the runs and events lists. Each is its owner's: others see it only once it
 * is shared, and a private view of another member is answered as missing (404), so its
 * existence does not leak. Only the owner changes a view; a shared one may also be deleted by
 * a tenant admin or owner, who keep the tenant's shared list tidy.
 */
export function registerSavedViewRoutes(api: ApiRouter): void {
  const { db } = api.context;

  // These endpoints refuse API tokens, so a caller always is a signed-in member.
  const scope = (identity: Identity) => ({
    tenantId: identity.tenant!.id,
    userId: identity.user!.id,
  });

  const visibleOr404 = async (identity: Identity, id: string) => {
    const { tenantId, userId } = scope(identity);
    const row = await findVisibleSavedView(db, tenantId, userId, id);
    if (!row) throw notFound('saved view not found');
    return row;
  };

  api.handle(v1SavedViewList, async ({ query, identity }) => {
    const { tenantId, userId } = scope(identity);
    const rows = await listVisibleSavedViews(db, tenantId, userId, query.list);
    return { rows: rows.map(presentSavedView) };
  });

  api.handle(v1SavedViewCreate, async ({ body, identity }) => {
    const { tenantId, userId } = scope(identity);
    if ((await countOwnSavedViews(db, tenantId, userId, body.list)) >= MAX_SAVED_VIEWS_PER_LIST) {
      throw badRequest(
        `you have ${MAX_SAVED_VIEWS_PER_LIST} views of this list already: delete one first`,
      );
    }
    const row = await insertSavedView(db, tenantId, userId, body);
    if (row === 'duplicate') throw badRequest(DUPLICATE_NAME, 'name');
    return presentSavedView(row);
  });

  api.handle(v1SavedViewGet, async ({ params, identity }) =>
    presentSavedView(await visibleOr404(identity, params.savedView)),
  );

  api.handle(v1SavedViewUpdate, async ({ params, body, identity }) => {
    const { tenantId, userId } = scope(identity);
    const view = await visibleOr404(identity, params.savedView);
    if (view.ownerUserId !== userId) throw forbidden('only its owner may change a saved view');
    const row = await updateSavedView(db, tenantId, view.id, body);
    if (row === 'duplicate') throw badRequest(DUPLICATE_NAME, 'name');
    if (!row) throw notFound('saved view not found');
    return presentSavedView(row);
  });

  api.handle(v1SavedViewDelete, async ({ params, identity }) => {
    const { tenantId, userId } = scope(identity);
    const view = await visibleOr404(identity, params.savedView);
    const mayDelete = view.ownerUserId === userId || roleAtLeast(actingRole(identity), 'ADMIN');
    if (!mayDelete) throw forbidden('only its owner or a tenant admin may delete a saved view');
    const row = await deleteSavedView(db, tenantId, view.id);
    if (!row) throw notFound('saved view not found');
    return presentSavedView(row);
  });
}
