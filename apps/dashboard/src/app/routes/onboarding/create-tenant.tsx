import { useNavigate } from 'react-router';
import { CenteredPage } from '@/components/layout/centered-page';
import { Card } from '@/components/ui/card';
import { tenantHomeHref } from '@/config/paths';
import { CreateTenantForm } from '@/features/tenants/components/create-tenant-form';
import { writeLastTenant } from '@/features/tenants/utils/tenant-resolution';

/** First tenant (or another one): name and slug, then the new tenant's runs page. */
export default function CreateTenantPage() {
  const navigate = useNavigate();
  return (
    <main id="main" className="flex flex-1">
      <CenteredPage
        showLogo={false}
        title="Create a tenant"
        description="A tenant is an isolated environment for your workflows, runs, workers and API tokens."
      >
        <title>Create a tenant · Trellis</title>
        <Card className="p-6">
          <CreateTenantForm
            onCreated={(tenant) => {
              writeLastTenant(tenant.metadata.id);
              void navigate(tenantHomeHref(tenant.metadata.id));
            }}
          />
        </Card>
      </CenteredPage>
    </main>
  );
}
