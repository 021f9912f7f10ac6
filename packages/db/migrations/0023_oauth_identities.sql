-- Sign-in identities at OAuth providers (Google, GitHub) linked to accounts. The provider's
-- subject (its stable user id) is the key: an address can change at the provider, the subject
-- never does. An account may have several, and may also have a password.
CREATE TABLE user_oauth_identities (
  provider text NOT NULL CHECK (provider IN ('google', 'github')),
  subject text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX user_oauth_identities_user_id_idx ON user_oauth_identities (user_id);
