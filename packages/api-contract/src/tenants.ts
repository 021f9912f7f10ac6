import { z } from 'zod';
import { alertDeliveryFailureSchema } from './alerting';
import { apiResourceMetaSchema, durationSchema, uuidSchema } from './common';
import {
  tenantEnvironmentSchema,
  tenantInviteStatusSchema,
  tenantMemberRoleSchema,
  tenantUiVersionSchema,
  tenantVersionSchema,
} from './enums';
import { emailSchema, userTenantPublicSchema } from './users';

export const SLUG_PATTERN = /^[a-zA-Z0-9.\-_]+$/;

export const tenantSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    name: z.string(),
    slug: z.string(),
    analyticsOptOut: z.boolean().optional(),
    alertMemberEmails: z.boolean().optional(),
    version: tenantVersionSchema,
    uiVersion: tenantUiVersionSchema.optional(),
    environment: tenantEnvironmentSchema.optional(),
    serverUrl: z.string().optional(),
  })
  .meta({ id: 'Tenant' });
export type Tenant = z.infer<typeof tenantSchema>;

const tenantNameSchema = z
  .string({ message: 'Name is required' })
  .trim()
  .min(1, { message: 'Name is required' })
  .max(255, { message: 'Name must be at most 255 characters' });

export const createTenantRequestSchema = z
  .object({
    name: tenantNameSchema,
    slug: z
      .string({ message: 'Slug is required' })
      .min(1, { message: 'Slug is required' })
      .max(255, { message: 'Slug must be at most 255 characters' })
      .regex(SLUG_PATTERN, {
        message: 'Invalid slug. Slugs must match the regex ^[a-zA-Z0-9.\\-_]+$',
      }),
    engineVersion: tenantVersionSchema.optional(),
    environment: tenantEnvironmentSchema.optional(),
    onboardingData: z.record(z.string(), z.unknown()).optional(),
    uiVersion: tenantUiVersionSchema.optional(),
  })
  .meta({ id: 'CreateTenantRequest' });

export const updateTenantRequestSchema = z
  .object({
    name: tenantNameSchema.optional(),
    analyticsOptOut: z.boolean().optional(),
    alertMemberEmails: z.boolean().optional(),
    enableWorkflowRunFailureAlerts: z.boolean().optional(),
    enableExpiringTokenAlerts: z.boolean().optional(),
    enableTenantResourceLimitAlerts: z.boolean().optional(),
    maxAlertingFrequency: durationSchema.optional(),
    version: tenantVersionSchema.optional(),
    uiVersion: tenantUiVersionSchema.optional(),
  })
  .meta({ id: 'UpdateTenantRequest' });

export const tenantAlertingSettingsSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    alertMemberEmails: z.boolean().optional(),
    enableWorkflowRunFailureAlerts: z.boolean().optional(),
    enableExpiringTokenAlerts: z.boolean().optional(),
    enableTenantResourceLimitAlerts: z.boolean().optional(),
    maxAlertingFrequency: z.string(),
    lastAlertedAt: z.iso.datetime({ offset: true }).optional(),
    /** Trellis: the last failed delivery of an alert, until one is delivered again. */
    lastDeliveryFailure: alertDeliveryFailureSchema.optional(),
  })
  .meta({ id: 'TenantAlertingSettings' });

/** What a tenant's limits count; WORKFLOW_RUN is the spec era's, kept for older clients. */
export const tenantResourceSchema = z
  .enum([
    'WORKER',
    'WORKER_SLOT',
    'EVENT',
    'TASK_RUN',
    'CRON',
    'SCHEDULE',
    'INCOMING_WEBHOOK',
    'WORKFLOW_RUN',
  ])
  .meta({ id: 'TenantResource' });
export type TenantResourceName = z.infer<typeof tenantResourceSchema>;

export const tenantResourceLimitSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    resource: tenantResourceSchema,
    limitValue: z.number().int(),
    /** Use at which the tenant is alerted. */
    alarmValue: z.number().int().optional(),
    /** Current use: in the window for metered resources, else what exists now. */
    value: z.number().int(),
    /** The meter's window, such as `24h`; absent for counts of what exists now. */
    window: z.string().optional(),
    /** When the window began. */
    lastRefill: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: 'TenantResourceLimit' });
export type TenantResourceLimit = z.infer<typeof tenantResourceLimitSchema>;

/** Empty when the server enforces no limits. */
export const tenantResourcePolicySchema = z
  .object({ limits: z.array(tenantResourceLimitSchema) })
  .meta({ id: 'TenantResourcePolicy' });
export type TenantResourcePolicy = z.infer<typeof tenantResourcePolicySchema>;

export const tenantMemberSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    user: userTenantPublicSchema,
    role: tenantMemberRoleSchema,
    tenant: tenantSchema.optional(),
    canViewPayloads: z.boolean().optional(),
  })
  .meta({ id: 'TenantMember' });
export type TenantMember = z.infer<typeof tenantMemberSchema>;

export const tenantMemberListSchema = z
  .object({ rows: z.array(tenantMemberSchema) })
  .meta({ id: 'TenantMemberList' });

export const updateTenantMemberRequestSchema = z
  .object({ role: tenantMemberRoleSchema, canViewPayloads: z.boolean().optional() })
  .meta({ id: 'UpdateTenantMemberRequest' });

export const tenantInviteSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    email: z.string(),
    role: tenantMemberRoleSchema,
    tenantId: z.string(),
    tenantName: z.string().optional(),
    expires: z.iso.datetime({ offset: true }),
    canViewPayloads: z.boolean().optional(),
    status: tenantInviteStatusSchema.optional(),
  })
  .meta({ id: 'TenantInvite' });
export type TenantInvite = z.infer<typeof tenantInviteSchema>;

export const tenantInviteListSchema = z
  .object({ rows: z.array(tenantInviteSchema) })
  .meta({ id: 'TenantInviteList' });

export const createTenantInviteRequestSchema = z
  .object({
    email: emailSchema,
    role: tenantMemberRoleSchema,
    canViewPayloads: z.boolean().optional(),
  })
  .meta({ id: 'CreateTenantInviteRequest' });

export const updateTenantInviteRequestSchema = z
  .object({ role: tenantMemberRoleSchema, canViewPayloads: z.boolean().optional() })
  .meta({ id: 'UpdateTenantInviteRequest' });

export const acceptInviteRequestSchema = z
  .object({ invite: uuidSchema })
  .meta({ id: 'AcceptInviteRequest' });

export const rejectInviteRequestSchema = z
  .object({ invite: uuidSchema })
  .meta({ id: 'RejectInviteRequest' });
