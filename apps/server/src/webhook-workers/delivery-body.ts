/**
 * What a webhook worker receives for a task: the fields of the assigned action, named as the
 * SDKs' `Action` names them (camelCase), with `actionPayload` the JSON text the SDK parses into
 * the task's context (`input`, `parents`, ...).
 */
import type { AssignedActionData } from '@trellis/engine';

export function deliveryBody(action: AssignedActionData, workerId: string) {
  return {
    workerId,
    tenantId: action.tenantId,
    workflowRunId: action.workflowRunId,
    getGroupKeyRunId: '',
    jobId: action.stepId,
    jobName: action.workflowName,
    jobRunId: action.taskExternalId,
    stepId: action.stepId,
    stepName: action.taskName,
    stepRunId: action.taskExternalId,
    actionId: action.actionId,
    actionType: 'START_STEP_RUN',
    actionPayload: action.payload,
    retryCount: action.retryCount,
    additionalMetadata: action.additionalMetadata,
    childWorkflowIndex: action.childIndex,
    childWorkflowKey: action.childKey,
    parentWorkflowRunId: action.parentTaskExternalId,
    priority: action.priority,
    workflowId: action.workflowId,
    workflowVersionId: action.workflowVersionId,
  };
}
