-- Email verification links. A link carries the row's id and its expiry, signed with a server
-- key; the row makes it single-use (`used_at`) and ties it to the address it was sent to, so a
-- link never verifies an address the account no longer has.
CREATE TABLE email_verifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_verifications_user_id_idx ON email_verifications (user_id) WHERE used_at IS NULL;
