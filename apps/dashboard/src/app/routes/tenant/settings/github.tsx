import { GitBranch } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { tenantHref } from '@/config/paths';

/**
 * tenant-settings/github: the GitHub app (linking accounts and repositories for managed
 * workers' builds) belongs to the cloud edition. The reference shows this one line when the
 * cloud cannot link GitHub; here it also says where GitHub does fit in this build.
 */
export default function GithubSettingsPage() {
  const { tenant: tenantId = '' } = useParams();
  return (
    <>
      <PageHeader title="GitHub" description="GitHub app installations linked to this tenant." />
      <EmptyState
        icon={<GitBranch />}
        title="Not enabled for this tenant or instance."
        description={
          <>
            The GitHub app links GitHub accounts and repositories to a tenant so that managed
            workers can be built from them. It belongs to the cloud edition, and this self-hosted
            build has no GitHub app. To start runs from GitHub events, add a GitHub source under{' '}
            <Link className="underline underline-offset-4" to={tenantHref(tenantId, 'webhooks')}>
              Webhooks
            </Link>
            .
          </>
        }
      />
    </>
  );
}
