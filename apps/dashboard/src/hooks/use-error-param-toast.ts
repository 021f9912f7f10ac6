import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/hooks/use-toast';

/**
 * OAuth round trips (sign-in, the Slack install) come back with `?error=...` when they failed:
 * shown once as a toast titled `title`, then dropped from the address.
 */
export function useErrorParamToast(
  title: string,
  describe: (error: string) => string = (error) => error,
): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const error = searchParams.get('error');
  useEffect(() => {
    if (!error) return;
    toast({ title, description: describe(error), variant: 'destructive' });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
    // `describe` is read when an error arrives, not a reason to show it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, title, setSearchParams]);
}
