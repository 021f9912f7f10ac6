import type { ReactNode } from 'react';
import type { AuthScheme } from '@/types/api';
import { AuthDivider, OAuthButtons } from './oauth-buttons';

/** The enabled sign-in blocks in order: the password form, then the provider buttons. */
export function AuthMethods({ schemes, form }: { schemes: AuthScheme[]; form: ReactNode }) {
  const basic = schemes.includes('basic');
  const providers = schemes.some((scheme) => scheme !== 'basic');
  if (!basic && !providers) {
    return (
      <p className="text-center text-sm text-muted-foreground">
        Ask the administrator of this Trellis server to enable a sign-in method.
      </p>
    );
  }
  return (
    <>
      {basic ? form : null}
      {basic && providers ? <AuthDivider /> : null}
      <OAuthButtons schemes={schemes} />
    </>
  );
}
