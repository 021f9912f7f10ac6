import type { OAuthProvider } from '@trellis/api-contract';
import type { Database } from '@trellis/db';
import { findUserByEmail, insertUser, markEmailVerified, type UserRow } from '../user.queries';
import { findUserByIdentity, insertIdentity } from './oauth-identity.queries';
import { PROVIDER_LABELS, SignInRefused, type ProviderProfile } from './sign-in-provider';

/**
 * The account a provider's user signs into. An identity seen before signs into its account.
 * Otherwise the email decides: an account with that address is linked, but only when the
 * provider has verified the address (else whoever registered it at the provider would take the
 * account over), and it counts as verified from then on. A new address makes a new account,
 * verified as far as the provider says; where the server does not ask for verification
 * (`verificationRequired` false), verified anyway, as password registrations are.
 */
export async function accountForProfile(
  db: Database,
  provider: OAuthProvider,
  profile: ProviderProfile,
  options: { verificationRequired: boolean },
): Promise<{ user: UserRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const linked = await findUserByIdentity(tx, provider, profile.subject);
    if (linked) return { user: linked, created: false };
    const identity = { provider, subject: profile.subject };
    const existing = await findUserByEmail(tx, profile.email);
    if (existing) {
      if (!profile.emailVerified) {
        const label = PROVIDER_LABELS[provider];
        throw new SignInRefused(
          `An account with ${profile.email} already exists, and ${label} has not verified that this address is yours. Sign in with your password, or verify the address with ${label} first.`,
        );
      }
      await insertIdentity(tx, { ...identity, userId: existing.id });
      const user = existing.emailVerified ? existing : await markEmailVerified(tx, existing.id);
      return { user, created: false };
    }
    const created = await insertUser(tx, {
      email: profile.email,
      name: profile.name,
      passwordHash: null,
      emailVerified: profile.emailVerified || !options.verificationRequired,
    });
    // Another sign-in created the account a moment ago: the next attempt links to it.
    if (!created) throw new SignInRefused('Signing in did not complete. Please try again.');
    await insertIdentity(tx, { ...identity, userId: created.id });
    return { user: created, created: true };
  });
}
