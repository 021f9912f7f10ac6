import { z } from 'zod';

/** Roles from strongest to weakest; each includes everything the next one may do. */
export const TENANT_MEMBER_ROLES = ['OWNER', 'ADMIN', 'MEMBER', 'VIEWER'] as const;
export const tenantMemberRoleSchema = z.enum(TENANT_MEMBER_ROLES).meta({ id: 'TenantMemberRole' });
export type TenantMemberRole = z.infer<typeof tenantMemberRoleSchema>;

export const tenantVersionSchema = z.enum(['V0', 'V1']).meta({ id: 'TenantVersion' });
export type TenantVersion = z.infer<typeof tenantVersionSchema>;

export const tenantUiVersionSchema = z.enum(['V0', 'V1']).meta({ id: 'TenantUIVersion' });

export const tenantEnvironmentSchema = z
  .enum(['local', 'development', 'production'])
  .meta({ id: 'TenantEnvironment' });
export type TenantEnvironment = z.infer<typeof tenantEnvironmentSchema>;

export const tenantInviteStatusSchema = z.enum(['PENDING', 'ACCEPTED', 'REJECTED']);
export type TenantInviteStatus = z.infer<typeof tenantInviteStatusSchema>;

/** True when `role` carries at least the rights of `required`. */
export function roleAtLeast(role: TenantMemberRole, required: TenantMemberRole): boolean {
  return TENANT_MEMBER_ROLES.indexOf(role) <= TENANT_MEMBER_ROLES.indexOf(required);
}

/** Status of a task or run, as every v1 endpoint reports it. */
export const V1_TASK_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'CANCELLED', 'FAILED'] as const;
export const v1TaskStatusSchema = z.enum(V1_TASK_STATUSES).meta({ id: 'V1TaskStatus' });
export type V1TaskStatus = z.infer<typeof v1TaskStatusSchema>;

/** What happened to a task; the timeline of a task is a list of these. */
export const V1_TASK_EVENT_TYPES = [
  'REQUEUED_NO_WORKER',
  'REQUEUED_RATE_LIMIT',
  'SCHEDULING_TIMED_OUT',
  'ASSIGNED',
  'STARTED',
  'FINISHED',
  'FAILED',
  'RETRYING',
  'CANCELLED',
  'TIMED_OUT',
  'REASSIGNED',
  'SLOT_RELEASED',
  'TIMEOUT_REFRESHED',
  'RETRIED_BY_USER',
  'SENT_TO_WORKER',
  'RATE_LIMIT_ERROR',
  'ACKNOWLEDGED',
  'CREATED',
  'QUEUED',
  'SKIPPED',
  'COULD_NOT_SEND_TO_WORKER',
  'DURABLE_EVICTED',
  'DURABLE_RESTORING',
] as const;
export const v1TaskEventTypeSchema = z.enum(V1_TASK_EVENT_TYPES).meta({ id: 'V1TaskEventType' });
export type V1TaskEventType = z.infer<typeof v1TaskEventTypeSchema>;

export const v1WorkflowTypeSchema = z.enum(['DAG', 'TASK']).meta({ id: 'V1WorkflowType' });
export type V1WorkflowType = z.infer<typeof v1WorkflowTypeSchema>;

export const v1LogLineLevelSchema = z
  .enum(['DEBUG', 'INFO', 'WARN', 'ERROR'])
  .meta({ id: 'V1LogLineLevel' });
export type V1LogLineLevel = z.infer<typeof v1LogLineLevelSchema>;

/** Status of a run in the older (v0) run objects. */
export const workflowRunStatusSchema = z
  .enum(['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'QUEUED', 'BACKOFF'])
  .meta({ id: 'WorkflowRunStatus' });
export type WorkflowRunStatus = z.infer<typeof workflowRunStatusSchema>;

export const workerStatusSchema = z
  .enum(['ACTIVE', 'INACTIVE', 'PAUSED'])
  .meta({ id: 'WorkerStatus' });
export type WorkerStatus = z.infer<typeof workerStatusSchema>;

export const workerTypeSchema = z
  .enum(['SELFHOSTED', 'MANAGED', 'WEBHOOK'])
  .meta({ id: 'WorkerType' });

export const workerRuntimeSdksSchema = z
  .enum(['GOLANG', 'PYTHON', 'TYPESCRIPT', 'RUBY'])
  .meta({ id: 'WorkerRuntimeSDKs' });

export const stepRunStatusSchema = z
  .enum([
    'PENDING',
    'PENDING_ASSIGNMENT',
    'ASSIGNED',
    'RUNNING',
    'SUCCEEDED',
    'FAILED',
    'CANCELLED',
    'CANCELLING',
    'BACKOFF',
  ])
  .meta({ id: 'StepRunStatus' });

export const V1_WEBHOOK_SOURCE_NAMES = [
  'GENERIC',
  'GITHUB',
  'STRIPE',
  'SLACK',
  'LINEAR',
  'SVIX',
] as const;
export const v1WebhookSourceNameSchema = z
  .enum(V1_WEBHOOK_SOURCE_NAMES)
  .meta({ id: 'V1WebhookSourceName' });
export type V1WebhookSourceName = z.infer<typeof v1WebhookSourceNameSchema>;

export const v1WebhookAuthTypeSchema = z
  .enum(['BASIC', 'API_KEY', 'HMAC'])
  .meta({ id: 'V1WebhookAuthType' });
export type V1WebhookAuthType = z.infer<typeof v1WebhookAuthTypeSchema>;

export const v1WebhookHmacAlgorithmSchema = z
  .enum(['SHA1', 'SHA256', 'SHA512', 'MD5'])
  .meta({ id: 'V1WebhookHMACAlgorithm' });
export type V1WebhookHmacAlgorithm = z.infer<typeof v1WebhookHmacAlgorithmSchema>;

export const v1WebhookHmacEncodingSchema = z
  .enum(['HEX', 'BASE64', 'BASE64URL'])
  .meta({ id: 'V1WebhookHMACEncoding' });
export type V1WebhookHmacEncoding = z.infer<typeof v1WebhookHmacEncodingSchema>;

export const v1CelDebugResponseStatusSchema = z
  .enum(['SUCCESS', 'ERROR'])
  .meta({ id: 'V1CELDebugResponseStatus' });
