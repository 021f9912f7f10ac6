import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import type { AlertingSettings } from '../api/get-alerting-settings';
import { useUpdateAlertingSettings } from '../api/update-alerting-settings';
import { frequencyOptions } from '../utils/alert-emails';
import { SwitchRow } from './switch-row';

interface Draft {
  enableExpiringTokenAlerts: boolean;
  enableTenantResourceLimitAlerts: boolean;
  enableWorkflowRunFailureAlerts: boolean;
  maxAlertingFrequency: string;
}

/** The switches, in the reference's order. */
const SWITCHES = [
  {
    key: 'enableExpiringTokenAlerts',
    label: 'Enable Expiring Token Alerts',
    description:
      'Alert the email groups and Slack channels below when an API token expires within 7 days, once per token.',
  },
  {
    key: 'enableTenantResourceLimitAlerts',
    label: 'Enable Tenant Resource Limit Alerts',
    description:
      'Alert the email groups and Slack channels below when the tenant nears one of its resource limits.',
  },
  {
    key: 'enableWorkflowRunFailureAlerts',
    label: 'Enable Run Failure Alerts',
    description:
      'Alert the email groups and Slack channels below when a run fails, with its workflow, error and a link to it.',
  },
] as const satisfies readonly { key: keyof Draft; label: string; description: string }[];

function draftOf(settings: AlertingSettings): Draft {
  return {
    enableExpiringTokenAlerts: settings.enableExpiringTokenAlerts ?? true,
    enableTenantResourceLimitAlerts: settings.enableTenantResourceLimitAlerts ?? true,
    enableWorkflowRunFailureAlerts: settings.enableWorkflowRunFailureAlerts ?? false,
    maxAlertingFrequency: settings.maxAlertingFrequency,
  };
}

/**
 * The "Settings" form (reference 5.16.5): three switches and, while run failure alerts are on,
 * how often they may be sent; "Update" sends the four fields. Viewers see them, disabled.
 */
export function AlertingSettingsForm({
  tenantId,
  settings,
  canEdit,
}: {
  tenantId: string;
  settings: AlertingSettings;
  canEdit: boolean;
}) {
  const saved = draftOf(settings);
  const [draft, setDraft] = useState<Draft>(saved);
  const update = useUpdateAlertingSettings(tenantId);
  const changed = (Object.keys(saved) as (keyof Draft)[]).some((key) => saved[key] !== draft[key]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(draft, {
      onSuccess: () => toast({ title: 'Alerting settings saved', variant: 'success' }),
      onError: (error) => reportApiError(error, { title: 'Could not save the alerting settings' }),
    });
  };

  return (
    <Card className="px-4 py-1">
      <form noValidate onSubmit={submit} aria-label="Alerting settings">
        <div className="divide-y divide-border">
          {SWITCHES.map(({ key, label, description }) => (
            <SwitchRow
              key={key}
              label={label}
              description={description}
              checked={draft[key]}
              disabled={!canEdit}
              onChange={(value) => set(key, value)}
            />
          ))}
          {draft.enableWorkflowRunFailureAlerts ? (
            <div className="py-3">
              <Field
                label="Max Run Failure Alerting Frequency"
                hint="At most one alert per period; failures in between are summarised in the next one."
                className="max-w-sm"
              >
                <NativeSelect
                  name="maxAlertingFrequency"
                  value={draft.maxAlertingFrequency}
                  disabled={!canEdit}
                  onChange={(event) => set('maxAlertingFrequency', event.target.value)}
                >
                  {frequencyOptions(saved.maxAlertingFrequency).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </div>
          ) : null}
        </div>
        {canEdit ? (
          <div className="flex justify-end gap-2 border-t border-border py-3">
            {changed ? (
              <Button variant="ghost" onClick={() => setDraft(saved)} disabled={update.isPending}>
                Discard
              </Button>
            ) : null}
            <Button type="submit" loading={update.isPending} disabled={!changed}>
              Update
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
