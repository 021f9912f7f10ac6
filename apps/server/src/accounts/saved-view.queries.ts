import type { Queryable } from '@trellis/db';
import type { SavedViewList } from '@trellis/api-contract';

/** A member's saved view of a dashboard list, with its owner's name for the picker. */
export interface SavedViewRow {
  id: string;
  tenantId: string;
  ownerUserId: string;
  ownerName: string | null;
  ownerEmail: string;
  list: SavedViewList;
  name: string;
  state: string;
  shared: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const SAVED_VIEW_COLUMNS = `v.id, v.tenant_id AS "tenantId", v.owner_user_id AS "ownerUserId",
  u.name AS "ownerName", u.email AS "ownerEmail", v.list, v.name, v.state, v.shared,
  v.created_at AS "createdAt", v.updated_at AS "updatedAt"`;

/** Rows a member may see: their own views and the tenant's shared ones. */
const VISIBLE_TO = '(v.owner_user_id = $2 OR v.shared)';

/** The most rows a list answers: each member keeps at most 100 per list (contract). */
const LIST_LIMIT = 500;

/** `duplicate`: the owner already has a view of that list with this name (any case). */
const isDuplicate = (error: unknown) => (error as { code?: string }).code === '23505';

/** The views `userId` may pick in a tenant, by name: own plus shared (the two indexes). */
export async function listVisibleSavedViews(
  db: Queryable,
  tenantId: string,
  userId: string,
  list: SavedViewList | undefined,
): Promise<SavedViewRow[]> {
  const { rows } = await db.query<SavedViewRow>(
    `SELECT ${SAVED_VIEW_COLUMNS} FROM saved_views v JOIN users u ON u.id = v.owner_user_id
      WHERE v.tenant_id = $1 AND ${VISIBLE_TO} AND ($3::text IS NULL OR v.list = $3)
      ORDER BY lower(v.name), v.id LIMIT ${LIST_LIMIT}`,
    [tenantId, userId, list ?? null],
  );
  return rows;
}

/** One view `userId` may see; undefined for a missing one and for another member's private one. */
export async function findVisibleSavedView(
  db: Queryable,
  tenantId: string,
  userId: string,
  id: string,
): Promise<SavedViewRow | undefined> {
  const { rows } = await db.query<SavedViewRow>(
    `SELECT ${SAVED_VIEW_COLUMNS} FROM saved_views v JOIN users u ON u.id = v.owner_user_id
      WHERE v.tenant_id = $1 AND ${VISIBLE_TO} AND v.id = $3`,
    [tenantId, userId, id],
  );
  return rows[0];
}

export async function countOwnSavedViews(
  db: Queryable,
  tenantId: string,
  userId: string,
  list: SavedViewList,
): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM saved_views
      WHERE tenant_id = $1 AND owner_user_id = $2 AND list = $3`,
    [tenantId, userId, list],
  );
  return rows[0]!.count;
}

export interface NewSavedView {
  list: SavedViewList;
  name: string;
  state: string;
  shared: boolean;
}

export async function insertSavedView(
  db: Queryable,
  tenantId: string,
  userId: string,
  view: NewSavedView,
): Promise<SavedViewRow | 'duplicate'> {
  try {
    const { rows } = await db.query<SavedViewRow>(
      `WITH v AS (
         INSERT INTO saved_views (tenant_id, owner_user_id, list, name, state, shared)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING *)
       SELECT ${SAVED_VIEW_COLUMNS} FROM v JOIN users u ON u.id = v.owner_user_id`,
      [tenantId, userId, view.list, view.name, view.state, view.shared],
    );
    return rows[0]!;
  } catch (error) {
    if (isDuplicate(error)) return 'duplicate';
    throw error;
  }
}

export type SavedViewChanges = Partial<Pick<NewSavedView, 'name' | 'state' | 'shared'>>;

/** Changes the fields given; undefined when the view is gone. */
export async function updateSavedView(
  db: Queryable,
  tenantId: string,
  id: string,
  changes: SavedViewChanges,
): Promise<SavedViewRow | 'duplicate' | undefined> {
  try {
    const { rows } = await db.query<SavedViewRow>(
      `WITH v AS (
         UPDATE saved_views SET name = COALESCE($3, name), state = COALESCE($4, state),
           shared = COALESCE($5, shared), updated_at = now()
          WHERE tenant_id = $1 AND id = $2 RETURNING *)
       SELECT ${SAVED_VIEW_COLUMNS} FROM v JOIN users u ON u.id = v.owner_user_id`,
      [tenantId, id, changes.name ?? null, changes.state ?? null, changes.shared ?? null],
    );
    return rows[0];
  } catch (error) {
    if (isDuplicate(error)) return 'duplicate';
    throw error;
  }
}

/** Deletes a view; answers it as it was, or undefined when it was already gone. */
export async function deleteSavedView(
  db: Queryable,
  tenantId: string,
  id: string,
): Promise<SavedViewRow | undefined> {
  const { rows } = await db.query<SavedViewRow>(
    `WITH v AS (DELETE FROM saved_views WHERE tenant_id = $1 AND id = $2 RETURNING *)
     SELECT ${SAVED_VIEW_COLUMNS} FROM v JOIN users u ON u.id = v.owner_user_id`,
    [tenantId, id],
  );
  return rows[0];
}
