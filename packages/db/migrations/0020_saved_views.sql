-- Saved views of the dashboard's runs and events lists: a member's named filters and columns.
-- `state` is the list's URL query string (its filter and column parameters), so a view is
-- exactly what the address bar would hold and the dashboard needs no other model of it. A view
-- is its owner's alone until shared, then every member of the tenant lists and opens it.
CREATE TABLE saved_views (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  owner_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  list text NOT NULL CHECK (list IN ('runs', 'events')),
  name text NOT NULL,
  state text NOT NULL,
  shared boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- A member's own views (also what makes a name unique for its owner and list) ...
CREATE UNIQUE INDEX saved_views_owner_name_idx
  ON saved_views (tenant_id, owner_user_id, list, lower(name));
-- ... and the tenant's shared ones: the two halves of "the views a member may pick".
CREATE INDEX saved_views_shared_idx ON saved_views (tenant_id, list, lower(name))
  WHERE shared;
