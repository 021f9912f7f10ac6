import { z } from 'zod';
import { apiResourceMetaSchema, paginationResponseSchema } from './common';
import { emailSchema } from './users';

/** Most addresses one alert email group may hold (as the dashboard's form allows). */
export const MAX_ALERT_GROUP_EMAILS = 100;

export const tenantAlertEmailGroupSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    emails: z.array(z.string()),
  })
  .meta({ id: 'TenantAlertEmailGroup' });
export type TenantAlertEmailGroup = z.infer<typeof tenantAlertEmailGroupSchema>;

export const tenantAlertEmailGroupListSchema = z
  .object({
    pagination: paginationResponseSchema.optional(),
    rows: z.array(tenantAlertEmailGroupSchema),
  })
  .meta({ id: 'TenantAlertEmailGroupList' });

const alertEmailsSchema = z
  .array(emailSchema, { message: 'Emails are required' })
  .min(1, { message: 'Add at least one email address' })
  .max(MAX_ALERT_GROUP_EMAILS, {
    message: `A group holds at most ${MAX_ALERT_GROUP_EMAILS} email addresses`,
  });

export const createTenantAlertEmailGroupRequestSchema = z
  .object({ emails: alertEmailsSchema })
  .meta({ id: 'CreateTenantAlertEmailGroupRequest' });

export const updateTenantAlertEmailGroupRequestSchema = z
  .object({ emails: alertEmailsSchema })
  .meta({ id: 'UpdateTenantAlertEmailGroupRequest' });

/**
 * Trellis's addition to `TenantAlertingSettings`: the last attempt to deliver one of the
 * tenant's alerts that failed (an SMTP relay down or refusing), until an alert is delivered
 * again.
 */
export const alertDeliveryFailureSchema = z
  .object({
    failedAt: z.iso.datetime({ offset: true }),
    message: z.string(),
  })
  .meta({ id: 'AlertDeliveryFailure' });
export type AlertDeliveryFailure = z.infer<typeof alertDeliveryFailureSchema>;
