import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { CenteredPage } from '@/components/layout/centered-page';
import { Card } from '@/components/ui/card';
import { LoadingArea } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AuthMethods } from '@/features/auth/components/auth-methods';
import { authPrompt } from '@/features/auth/components/oauth-buttons';
import { LoginForm } from '@/features/auth/components/login-form';
import { authSchemes, metaQueryOptions } from '@/features/meta/api/get-meta';
import type { AuthScheme } from '@/types/api';
import { useErrorParamToast } from '@/hooks/use-error-param-toast';

export function clientLoader(queryClient: QueryClient) {
  return () => {
    // Start loading the server's sign-in options with the page code, without waiting.
    void queryClient.prefetchQuery(metaQueryOptions());
    return null;
  };
}

export default function LoginPage() {
  const navigate = useNavigate();
  const meta = useQuery(metaQueryOptions());
  useErrorParamToast('Could not sign in');
  // Without an answer from /meta (server unreachable) offer the password form: it is the
  // method every server has, and using it will report what is wrong.
  const schemes: AuthScheme[] = meta.isError ? ['basic'] : authSchemes(meta.data);
  const allowSignup = meta.data?.allowSignup !== false;

  return (
    <CenteredPage
      title="Sign in to Trellis"
      description={meta.isPending ? '\u00a0' : authPrompt(schemes, 'sign in')}
      footer={
        allowSignup ? (
          <>
            Don&apos;t have an account?{' '}
            <Link
              to={paths.auth.register.href()}
              className="font-medium text-foreground underline-offset-4 hover:underline"
            >
              Sign up
            </Link>
          </>
        ) : null
      }
    >
      <title>Sign in · Trellis</title>
      <Card className="p-6">
        {meta.isPending ? (
          <LoadingArea className="min-h-48" />
        ) : (
          <AuthMethods
            schemes={schemes}
            form={
              <LoginForm onSuccess={() => void navigate(paths.home.href(), { replace: true })} />
            }
          />
        )}
      </Card>
    </CenteredPage>
  );
}
