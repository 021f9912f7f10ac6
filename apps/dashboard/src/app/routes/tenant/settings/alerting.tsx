import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Section } from '@/components/layout/section';
import { Card } from '@/components/ui/card';
import { LoadingArea } from '@/components/ui/spinner';
import { Button } from '@/components/ui/button';
import { useAlertingSettings } from '@/features/alerting/api/get-alerting-settings';
import { AlertEmailGroupsSection } from '@/features/alerting/components/alert-email-groups-section';
import { AlertingSettingsForm } from '@/features/alerting/components/alerting-settings-form';
import { DeliveryFailureCallout } from '@/features/alerting/components/delivery-failure-callout';
import { SlackWebhooksSection } from '@/features/alerting/components/slack-webhooks-section';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { errorMessage } from '@/lib/api-error';
import { roleAtLeast } from '@/lib/roles';

/**
 * tenant-settings/alerting (reference 5.16.5): the alerting switches and frequency, the email
 * groups that receive alerts and the Slack channels they are posted to; members and up change
 * them, viewers read. A warning shows while the last alert could not be delivered.
 */
export default function AlertingPage() {
  const { tenant: tenantId = '' } = useParams();
  const { role } = useTenantMembership(tenantId);
  const canEdit = roleAtLeast(role, 'MEMBER');
  const { refetchInterval } = useRefetchInterval();
  const settings = useAlertingSettings(tenantId, { refetchInterval });
  return (
    <>
      <PageHeader
        title="Alerting"
        description="Get notified by email and Slack when runs fail, API tokens are about to expire and resource limits are reached."
      />
      <div className="grid gap-8">
        {settings.data?.lastDeliveryFailure ? (
          <DeliveryFailureCallout failure={settings.data.lastDeliveryFailure} />
        ) : null}
        <Section title="Settings" description="What sends an alert, and how often.">
          {settings.data ? (
            // Keyed by the saved values: a change saved elsewhere resets the form.
            <AlertingSettingsForm
              key={JSON.stringify([
                settings.data.enableExpiringTokenAlerts,
                settings.data.enableTenantResourceLimitAlerts,
                settings.data.enableWorkflowRunFailureAlerts,
                settings.data.maxAlertingFrequency,
              ])}
              tenantId={tenantId}
              settings={settings.data}
              canEdit={canEdit}
            />
          ) : settings.isError ? (
            <Card className="grid justify-items-start gap-2 p-4 text-sm">
              <p role="alert">
                Could not load the alerting settings: {errorMessage(settings.error)}
              </p>
              <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
                Try again
              </Button>
            </Card>
          ) : (
            <Card>
              <LoadingArea label="Loading alerting settings" />
            </Card>
          )}
        </Section>
        <AlertEmailGroupsSection
          tenantId={tenantId}
          alertMemberEmails={settings.data?.alertMemberEmails}
          canEdit={canEdit}
        />
        <SlackWebhooksSection tenantId={tenantId} canEdit={canEdit} />
      </div>
    </>
  );
}
