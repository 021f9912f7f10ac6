import { MailCheck, RefreshCw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { CenteredPage } from '@/components/layout/centered-page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useLogout } from '@/features/auth/api/logout';
import { FollowVerificationLink } from '@/features/auth/components/follow-verification-link';
import { ResendVerification } from '@/features/auth/components/resend-verification';
import { TopBar } from '../../layout/top-bar';

/**
 * Two visits: a signed-in user whose address is not verified yet (what to do, and a new link
 * on request), and anyone following the mailed link (`?token=`), with or without a session.
 * Unlike upstream, the column shows on small screens too.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const user = useCurrentUser();
  return (
    <div className="flex min-h-full flex-col">
      {/* A link opened in a browser with no session has no account to show a menu for. */}
      {user.isSuccess ? <TopBar withTenant={false} /> : null}
      <main className="flex flex-1">
        {token ? (
          <FollowVerificationLink token={token} user={user.data} userPending={user.isPending} />
        ) : (
          <AwaitingVerification email={user.data?.email} />
        )}
      </main>
    </div>
  );
}

function AwaitingVerification({ email }: { email: string | undefined }) {
  const logout = useLogout();
  return (
    <CenteredPage
      showLogo={false}
      title="Verify your email"
      description={
        email ? (
          <>
            Your account <span className="font-medium text-foreground">{email}</span> needs a
            verified email address before you can continue.
          </>
        ) : null
      }
    >
      <title>Verify your email · Trellis</title>
      <Card className="grid gap-4 p-6 text-sm text-muted-foreground">
        <div className="flex items-start gap-3">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="grid gap-2">
            <p>
              We sent you a link: open it to verify your address. It works once, for 24 hours.
              Nothing arrived? Check your spam folder, or send it again.
            </p>
            <p className="text-xs">
              On a server that does not send email, an administrator finds the message in the
              server&apos;s outbox.
            </p>
          </div>
        </div>
        <ResendVerification email={email} />
        <div className="flex flex-col gap-2 border-t border-border pt-4 sm:flex-row">
          <Button className="sm:flex-1" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />I have verified, reload
          </Button>
          <Button
            variant="outline"
            className="sm:flex-1"
            loading={logout.isPending}
            onClick={() => logout.mutate()}
          >
            Sign out
          </Button>
        </div>
      </Card>
    </CenteredPage>
  );
}
