import { Callout } from '@/components/ui/callout';
import { RelativeTime } from '@/components/ui/relative-time';
import { Timestamp } from '@/components/ui/timestamp';
import type { AlertingSettings } from '../api/get-alerting-settings';

/**
 * Shown while the last attempt to deliver one of the tenant's alerts failed (until one is
 * delivered again): when, and where it went and what came back (the server names the email
 * recipients or the Slack channel).
 */
export function DeliveryFailureCallout({
  failure,
}: {
  failure: AlertingSettings['lastDeliveryFailure'];
}) {
  if (!failure) return null;
  return (
    <Callout variant="warning" title="The last alert could not be delivered">
      <p>
        <RelativeTime value={failure.failedAt} /> (<Timestamp value={failure.failedAt} />
        ):
      </p>
      <p className="mt-1 font-mono text-xs break-all">{failure.message}</p>
      <p className="mt-1 text-muted-foreground">
        Each alert is retried a few times. Email failures are for the operator to fix in the
        server’s SMTP settings; a Slack webhook removed or archived in Slack can be deleted below
        and added again. This warning goes away once an alert is delivered.
      </p>
    </Callout>
  );
}
