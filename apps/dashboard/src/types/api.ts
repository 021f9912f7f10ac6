/**
 * Wire shapes of the REST calls the dashboard makes, taken from `@trellis/api-contract` (the
 * zod schemas the server validates with). Type-only imports: no zod code reaches the bundle.
 */
import type { z } from 'zod';
import type {
  apiMetaSchema,
  cancelledEventRunsSchema,
  eventSchema,
  eventIdsRequestSchema,
  v1CelDebugRequestSchema,
  v1CelDebugResponseSchema,
  v1CreateEventRequestSchema,
  v1CreateFilterRequestSchema,
  v1EventCelFailureSchema,
  v1EventWorkflowRunSummarySchema,
  v1UpdateFilterRequestSchema,
  v1UpdateWebhookRequestSchema,
  v1WebhookRequestSchema,
  v1LogLineSchema,
  v1TaskPointMetricSchema,
  v1TaskRunMetricSchema,
  v1TaskTimingSchema,
  v1TriggerWorkflowRunRequestSchema,
  createApiTokenRequestSchema,
  createSavedViewRequestSchema,
  createApiTokenResponseSchema,
  createTenantInviteRequestSchema,
  createTenantRequestSchema,
  createCronWorkflowTriggerRequestSchema,
  scheduleWorkflowRunRequestSchema,
  scheduledWorkflowsBulkDeleteRequestSchema,
  scheduledWorkflowsBulkDeleteResponseSchema,
  triggerRunResultSchema,
  updateCronWorkflowTriggerRequestSchema,
  updateSavedViewRequestSchema,
  updateScheduledWorkflowRunRequestSchema,
  updateTenantInviteRequestSchema,
  updateTenantMemberRequestSchema,
  updateTenantRequestSchema,
  versionInfoSchema,
} from '@trellis/api-contract';

export type {
  ApiErrorItem,
  ApiResourceMeta,
  ApiToken,
  ConcurrencySetting,
  CronWorkflows,
  RateLimit,
  SavedView,
  SavedViewList,
  ScheduledRunStatus,
  ScheduledWorkflows,
  TaskStats,
  Tenant,
  TenantEnvironment,
  TenantInvite,
  TenantMember,
  TenantMemberRole,
  TenantStepRunQueueMetrics,
  TenantVersion,
  User,
  V1CreateWebhookRequest,
  V1DurableEventLogEntry,
  V1Event,
  V1Filter,
  V1LiveChanges,
  V1TaskCondition,
  V1TaskConditionAction,
  V1TaskEvent,
  V1TaskGate,
  V1TaskStatus,
  V1TaskSummary,
  V1TaskWaiting,
  V1Webhook,
  V1WebhookAuthType,
  V1WebhookHmacAlgorithm,
  V1WebhookHmacEncoding,
  V1WebhookSourceName,
  V1WorkflowRunDetails,
  V1WorkflowRunTrigger,
  Worker,
  WorkerLabelMatch,
  WorkerStatus,
  Workflow,
  WorkflowRunShapeItem,
  WorkflowVersion,
} from '@trellis/api-contract';

/** `{ rows }` lists (members, invites, memberships, API tokens); pagination is optional. */
export interface ListResponse<T> {
  rows: T[];
  pagination?: { current_page?: number; next_page?: number; num_pages?: number };
}

export type AuthScheme = 'basic' | 'google' | 'github';

export type ApiMeta = z.infer<typeof apiMetaSchema>;
export type V1LogLine = z.infer<typeof v1LogLineSchema>;
export type V1TaskRunMetric = z.infer<typeof v1TaskRunMetricSchema>;
export type V1TaskPointMetric = z.infer<typeof v1TaskPointMetricSchema>;
export type V1TaskTiming = z.infer<typeof v1TaskTimingSchema>;
export type V1TriggerWorkflowRunRequest = z.input<typeof v1TriggerWorkflowRunRequestSchema>;
export type ApiVersion = z.infer<typeof versionInfoSchema>;

/** Request bodies, as the client sends them (before the server's defaults and trimming). */
export type CreateTenantRequest = z.input<typeof createTenantRequestSchema>;
export type UpdateTenantRequest = z.input<typeof updateTenantRequestSchema>;
export type CreateApiTokenRequest = z.input<typeof createApiTokenRequestSchema>;
export type CreateApiTokenResponse = z.infer<typeof createApiTokenResponseSchema>;
export type CreateTenantInviteRequest = z.input<typeof createTenantInviteRequestSchema>;
export type UpdateTenantInviteRequest = z.input<typeof updateTenantInviteRequestSchema>;
export type UpdateTenantMemberRequest = z.input<typeof updateTenantMemberRequestSchema>;

/** Events, filters, incoming webhooks and the CEL debugger. */
export type V1EventWorkflowRunSummary = z.infer<typeof v1EventWorkflowRunSummarySchema>;
export type V1EventCelFailure = z.infer<typeof v1EventCelFailureSchema>;
/** The answer of POST tenants/{tenant}/events (the older event shape). */
export type CreatedEvent = z.infer<typeof eventSchema>;
export type CreateEventRequest = z.input<typeof v1CreateEventRequestSchema>;
export type EventIdsRequest = z.input<typeof eventIdsRequestSchema>;
export type CancelledEventRuns = z.infer<typeof cancelledEventRunsSchema>;
export type V1CreateFilterRequest = z.input<typeof v1CreateFilterRequestSchema>;
export type V1UpdateFilterRequest = z.input<typeof v1UpdateFilterRequestSchema>;
export type V1UpdateWebhookRequest = z.input<typeof v1UpdateWebhookRequestSchema>;
export type V1WebhookRequest = z.infer<typeof v1WebhookRequestSchema>;
export type V1CelDebugRequest = z.input<typeof v1CelDebugRequestSchema>;
export type V1CelDebugResponse = z.infer<typeof v1CelDebugResponseSchema>;

/** Cron triggers and scheduled runs. */
export type CreateCronRequest = z.input<typeof createCronWorkflowTriggerRequestSchema>;
export type UpdateCronRequest = z.input<typeof updateCronWorkflowTriggerRequestSchema>;
export type ScheduleRunRequest = z.input<typeof scheduleWorkflowRunRequestSchema>;
export type RescheduleRunRequest = z.input<typeof updateScheduledWorkflowRunRequestSchema>;
export type ScheduledBulkDeleteRequest = z.input<typeof scheduledWorkflowsBulkDeleteRequestSchema>;
export type ScheduledBulkDeleteResponse = z.infer<
  typeof scheduledWorkflowsBulkDeleteResponseSchema
>;
/** The answer of "run now" on a cron or a scheduled run: the new run's id. */
export type TriggerRunResult = z.infer<typeof triggerRunResultSchema>;

/** Saved views of the runs and events lists. */
export type CreateSavedViewRequest = z.input<typeof createSavedViewRequestSchema>;
export type UpdateSavedViewRequest = z.input<typeof updateSavedViewRequestSchema>;
