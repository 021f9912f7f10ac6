import { Rocket } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths, tenantHref } from '@/config/paths';

/** The tenant-less quickstart address; the guided setup itself is not in this build. */
export default function GetStartedPage() {
  const [searchParams] = useSearchParams();
  const tenant = searchParams.get('tenant');
  return (
    <main id="main" className="min-w-0 flex-1">
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-8">
        <PageHeader
          title="Get Started"
          description="A guided setup: start a worker and trigger your first workflow."
        />
        <EmptyState
          icon={<Rocket />}
          title="Not in this build yet"
          description="The guided quickstart is planned for a later build of the Trellis dashboard."
          actions={
            <Button asChild variant="outline">
              <Link to={tenant ? tenantHref(tenant, 'runs') : paths.home.href()}>
                Go to the dashboard
              </Link>
            </Button>
          }
        />
      </div>
    </main>
  );
}
