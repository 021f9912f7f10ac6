import { CircleCheck, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-error';
import { useResendVerificationEmail } from '../api/verify-email';

/**
 * Mails a new verification link. The server sends at most one a minute per account; its
 * answer (sent, or wait) is read out where the button is.
 */
export function ResendVerification({ email }: { email: string | undefined }) {
  const resend = useResendVerificationEmail();
  return (
    <div className="grid gap-2">
      <Button variant="outline" loading={resend.isPending} onClick={() => resend.mutate()}>
        <Send aria-hidden="true" />
        Send the email again
      </Button>
      <p role="status" className="text-xs">
        {resend.isSuccess ? (
          <span className="flex items-center gap-1.5 text-foreground">
            <CircleCheck className="size-3.5 shrink-0 text-success" aria-hidden="true" />A new link
            is on its way{email ? ` to ${email}` : ''}.
          </span>
        ) : resend.isError ? (
          <span className="text-destructive">{errorMessage(resend.error)}</span>
        ) : null}
      </p>
    </div>
  );
}
