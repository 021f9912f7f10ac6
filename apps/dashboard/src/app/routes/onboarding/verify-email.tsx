import { MailCheck, RefreshCw } from 'lucide-react';
import { CenteredPage } from '@/components/layout/centered-page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useLogout } from '@/features/auth/api/logout';
import { TopBar } from '../../layout/top-bar';

/** Shown to signed-in users whose email address is not verified yet. */
export default function VerifyEmailPage() {
  const user = useCurrentUser();
  const logout = useLogout();
  return (
    <div className="flex min-h-full flex-col">
      <TopBar withTenant={false} />
      <main className="flex flex-1">
        <CenteredPage
          showLogo={false}
          title="Verify your email"
          description={
            user.data ? (
              <>
                Your account <span className="font-medium text-foreground">{user.data.email}</span>{' '}
                needs a verified email address before you can continue.
              </>
            ) : null
          }
        >
          <title>Verify your email · Trellis</title>
          <Card className="grid gap-4 p-6 text-sm text-muted-foreground">
            <div className="flex items-start gap-3">
              <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <p>
                Check your inbox for a verification message from this Trellis server. If this server
                does not send email, an administrator can mark your address as verified. Then reload
                this page.
              </p>
            </div>
            <p className="rounded-md border border-dashed border-border px-3 py-2 text-xs">
              Sending the verification email again from here is not in this build yet.
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button className="flex-1" onClick={() => window.location.reload()}>
                <RefreshCw aria-hidden="true" />I have verified, reload
              </Button>
              <Button
                variant="outline"
                className="flex-1"
                loading={logout.isPending}
                onClick={() => logout.mutate()}
              >
                Sign out
              </Button>
            </div>
          </Card>
        </CenteredPage>
      </main>
    </div>
  );
}
