import { Plus } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import type { SlackWebhook } from '@trellis/api-contract';
import { Section } from '@/components/layout/section';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ColumnsMenu } from '@/components/ui/columns-menu';
import { RefreshControl } from '@/components/ui/refresh-control';
import { useColumnVisibility } from '@/hooks/use-column-visibility';
import { useIntegrations } from '../api/get-integrations';
import { slackInstallHref, useSlackWebhooks } from '../api/list-slack-webhooks';
import { useSlackInstallError } from '../hooks/use-slack-install-error';
import { SLACK_COLUMN_CHOICES, SlackWebhooksTable } from './slack-webhooks-table';

// Opened on demand, so its code stays off the screen's first load.
const DeleteSlackWebhookDialog = lazy(() => import('./delete-slack-webhook-dialog'));

/**
 * "Slack Webhooks" (reference 5.16.5): the channels alerts are posted to. "Add Slack Webhook"
 * is a plain link: the browser goes through the server to Slack's install page and comes back
 * here (with the reason when it failed). Without a Slack app on the server there is nothing to
 * install: the section says so instead of offering the link.
 */
export function SlackWebhooksSection({
  tenantId,
  canEdit,
}: {
  tenantId: string;
  canEdit: boolean;
}) {
  useSlackInstallError();
  // The table's own query, read here only for the refresh control.
  const list = useSlackWebhooks(tenantId);
  const integrations = useIntegrations();
  const columns = useColumnVisibility('slack-webhooks');
  const [deleting, setDeleting] = useState<SlackWebhook | undefined>(undefined);
  const configured = integrations.data?.some(
    (integration) => integration.name === 'slack' && integration.enabled,
  );

  const install = (variant: 'primary' | 'outline') => (
    <a href={slackInstallHref(tenantId)} className={buttonClasses(variant, 'sm')}>
      <Plus aria-hidden="true" />
      Add Slack Webhook
    </a>
  );

  return (
    <div className="@container">
      <Section
        title="Slack Webhooks"
        description={
          configured === false
            ? 'Slack is not set up on this server: an operator adds a Slack app’s client id and secret to its configuration (TRELLIS_SLACK_CLIENT_ID, TRELLIS_SLACK_CLIENT_SECRET).'
            : 'Alerts are posted to each of these channels too.'
        }
        actions={
          <>
            <RefreshControl onRefresh={() => void list.refetch()} isRefreshing={list.isFetching} />
            <ColumnsMenu
              columns={SLACK_COLUMN_CHOICES}
              hidden={columns.hidden}
              onChange={columns.setHidden}
            />
            {canEdit && configured ? install('primary') : null}
          </>
        }
      >
        <Card className="overflow-hidden">
          <SlackWebhooksTable
            tenantId={tenantId}
            canEdit={canEdit}
            columnVisibility={columns.visibility}
            onDelete={setDeleting}
            emptyAction={canEdit && configured ? install('outline') : undefined}
          />
        </Card>
      </Section>

      <Suspense fallback={null}>
        {deleting ? (
          <DeleteSlackWebhookDialog
            tenantId={tenantId}
            webhook={deleting}
            onClose={() => setDeleting(undefined)}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
