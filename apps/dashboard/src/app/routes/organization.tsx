import { Building2, X } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

/**
 * /organizations/{organization}: organization management (tenants, members, invites,
 * management tokens) belongs to the cloud edition and is not in this build.
 */
export default function OrganizationPage() {
  const { organization = '' } = useParams();
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-8">
      <title>Organization · Trellis</title>
      <div className="mb-8 flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight text-foreground">Organization</h1>
          <p className="mt-1 truncate font-mono text-xs text-muted-foreground">{organization}</p>
        </div>
        <Button asChild variant="ghost" size="icon-sm" aria-label="Close">
          <Link to={paths.home.href()}>
            <X aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <EmptyState
        icon={<Building2 />}
        title="Not in this build yet"
        description="Organizations group tenants, members and management tokens. Managing them is planned for a later build of Trellis."
        actions={
          <Button asChild variant="outline">
            <Link to={paths.home.href()}>Return to Dashboard</Link>
          </Button>
        }
      />
    </main>
  );
}
