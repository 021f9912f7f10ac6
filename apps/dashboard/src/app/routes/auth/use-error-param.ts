import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/hooks/use-toast';

/** OAuth callbacks come back with `?error=...`: show it once, then drop it from the address. */
export function useErrorParamToast(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const error = searchParams.get('error');
  useEffect(() => {
    if (!error) return;
    toast({ title: 'Could not sign in', description: error, variant: 'destructive' });
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
