import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CenteredPage } from '@/components/layout/centered-page';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-error';
import type { User } from '@/types/api';
import { useVerifyEmail } from '../api/verify-email';
import { ResendVerification } from './resend-verification';

/**
 * Spends the token of a mailed link as soon as the page opens, then says how it went. A link
 * that did not work (expired, used, altered) offers a new one to the signed-in user, or
 * sign-in (which leads back here) to anyone else.
 */
export function FollowVerificationLink({
  token,
  user,
  userPending,
}: {
  token: string;
  /** The signed-in user, if this browser has a session. */
  user: User | undefined;
  /** Whether the user is still being asked for (again, after the link has been spent). */
  userPending: boolean;
}) {
  const verify = useVerifyEmail();
  const sent = useRef(false);
  useEffect(() => {
    // Once per page: a second attempt (a re-run effect) would find the link already used.
    if (sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  if (userPending) return <Checking showLogo />;

  if (verify.isSuccess || user?.emailVerified) {
    return (
      <CenteredPage showLogo={user === undefined} title="Your email is verified">
        <title>Email verified · Trellis</title>
        <Card className="grid gap-4 p-6 text-sm text-muted-foreground">
          <p className="flex items-start gap-3">
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
            {user
              ? 'Thanks for confirming your address. Everything in Trellis is open to you now.'
              : 'Thanks for confirming your address. Sign in to continue.'}
          </p>
          <Button asChild>
            {user ? (
              <Link to={paths.home.href()}>Continue to Trellis</Link>
            ) : (
              <Link to={paths.auth.login.href()}>Sign in</Link>
            )}
          </Button>
        </Card>
      </CenteredPage>
    );
  }

  if (verify.isError) {
    const message =
      verify.error instanceof ApiError
        ? (verify.error.fieldErrors.token ?? errorMessage(verify.error))
        : errorMessage(verify.error);
    return (
      <CenteredPage showLogo={user === undefined} title="This link did not work">
        <title>Verify your email · Trellis</title>
        <Card className="grid gap-4 p-6 text-sm text-muted-foreground">
          <Callout variant="destructive">{message}</Callout>
          {user ? (
            <ResendVerification email={user.email} />
          ) : (
            <>
              <p>Sign in to have a new link sent to you.</p>
              <Button asChild>
                <Link to={paths.auth.login.href()}>Sign in</Link>
              </Button>
            </>
          )}
        </Card>
      </CenteredPage>
    );
  }

  return <Checking showLogo={user === undefined} />;
}

function Checking({ showLogo }: { showLogo: boolean }) {
  return (
    <CenteredPage showLogo={showLogo} title="Verifying your email">
      <title>Verifying your email · Trellis</title>
      <p
        aria-busy="true"
        className="flex items-center justify-center gap-2 text-sm text-muted-foreground"
      >
        <Spinner /> Checking your link…
      </p>
    </CenteredPage>
  );
}
