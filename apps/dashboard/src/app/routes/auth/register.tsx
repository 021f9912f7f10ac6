import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { CenteredPage } from '@/components/layout/centered-page';
import { Card } from '@/components/ui/card';
import { LoadingArea } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AuthMethods } from '@/features/auth/components/auth-methods';
import { authPrompt } from '@/features/auth/components/oauth-buttons';
import { RegisterForm } from '@/features/auth/components/register-form';
import { authSchemes, metaQueryOptions } from '@/features/meta/api/get-meta';
import type { AuthScheme } from '@/types/api';
import { useErrorParamToast } from '@/hooks/use-error-param-toast';

export function clientLoader(queryClient: QueryClient) {
  return () => {
    void queryClient.prefetchQuery(metaQueryOptions());
    return null;
  };
}

export default function RegisterPage() {
  const navigate = useNavigate();
  const meta = useQuery(metaQueryOptions());
  useErrorParamToast('Could not sign in');
  const schemes: AuthScheme[] = meta.isError ? ['basic'] : authSchemes(meta.data);
  const allowSignup = meta.data?.allowSignup !== false;

  return (
    <CenteredPage
      title="Create an account"
      description={
        meta.isPending
          ? '\u00a0'
          : allowSignup
            ? authPrompt(schemes, 'sign up')
            : 'This server does not accept new sign-ups.'
      }
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={paths.auth.login.href()}
            className="font-medium text-foreground underline-offset-4 hover:underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      <title>Create an account · Trellis</title>
      {allowSignup ? (
        <Card className="p-6">
          {meta.isPending ? (
            <LoadingArea className="min-h-64" />
          ) : (
            <AuthMethods
              schemes={schemes}
              form={
                <RegisterForm
                  onSuccess={() => void navigate(paths.home.href(), { replace: true })}
                />
              }
            />
          )}
        </Card>
      ) : null}
    </CenteredPage>
  );
}
