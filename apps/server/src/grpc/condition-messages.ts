/**
 * v1 match conditions (shared/condition.proto) as the engine takes them: a durable task's
 * `wait_for` and a DAG task's `conditions` carry the same messages.
 */
import type { TaskConditionInput, TaskConditionsInput } from '@trellis/engine';
import type { Timestamp } from './messages';
import { fromTimestamp } from './timestamps';

export interface ConditionMessage {
  base?: {
    readable_data_key: string;
    action?: string;
    or_group_id: string;
    expression: string;
  } | null;
  sleep_for?: string;
  user_event_key?: string;
  event_scope?: string;
  consider_events_since?: Timestamp | null;
  parent_readable_id?: string;
}

/** v1.TaskConditions. */
export interface TaskConditionsMessage {
  parent_override_conditions?: ConditionMessage[];
  sleep_conditions?: ConditionMessage[];
  user_event_conditions?: ConditionMessage[];
}

export function toCondition(message: ConditionMessage): TaskConditionInput {
  return {
    readableDataKey: message.base?.readable_data_key ?? '',
    action: message.base?.action ?? '',
    orGroupId: message.base?.or_group_id ?? '',
    expression: message.base?.expression,
    sleepFor: message.sleep_for,
    eventKey: message.user_event_key,
    scope: message.event_scope,
    considerEventsSince: fromTimestamp(message.consider_events_since),
    parentReadableId: message.parent_readable_id,
  };
}

export function toTaskConditions(
  message: TaskConditionsMessage | null | undefined,
): TaskConditionsInput | undefined {
  if (!message) return undefined;
  return {
    parents: (message.parent_override_conditions ?? []).map(toCondition),
    sleeps: (message.sleep_conditions ?? []).map(toCondition),
    events: (message.user_event_conditions ?? []).map(toCondition),
  };
}
