import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/hooks/use-toast';

const PREFIX = 'Could not add the Slack webhook: ';

/**
 * The Slack install comes back to the Alerting page, with `?error=...` when it failed: shown
 * once, then dropped from the address.
 */
export function useSlackInstallError(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const error = searchParams.get('error');
  useEffect(() => {
    if (!error) return;
    const reason = error.startsWith(PREFIX) ? error.slice(PREFIX.length) : error;
    toast({
      title: 'Could not add the Slack webhook',
      description: `${reason.charAt(0).toUpperCase()}${reason.slice(1)}`,
      variant: 'destructive',
    });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [error, setSearchParams]);
}
