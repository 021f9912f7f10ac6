/**
 * Task conditions in DAGs, as SDK 1.33.2 declares them (`waitFor`, `skipIf`, `cancelIf`; wire
 * v1.TaskConditions): sleeps, user events and parent outputs, in or-groups, each with the
 * action it leads to. Pure: what a step declares, normalised, and what its task does given
 * the conditions met so far.
 *
 * The rules (the reference's, made explicit): a task's conditions start counting once its
 * parents are all done (a root task's, when its run starts). An action happens when every
 * or-group of its conditions has one met; CANCEL goes before SKIP, and SKIP before QUEUE. A
 * task with no QUEUE conditions is queued at once unless a skip or cancel is already met; so
 * `skipIf` and `cancelIf` on events only have a chance while a `waitFor` holds the task. By
 * default a task whose parents were all skipped is skipped too, unless it names a parent in a
 * `skipIf` of its own. A failed or cancelled parent cancels the task whatever it declares.
 */
import { compile, evaluateBoolean, PARENT_OUTPUT } from '@trellis/cel';
import { normaliseWait, type WaitCondition, type WaitConditionInput } from './durable-conditions';
import { formatDuration } from './durations';
import { EngineError } from './errors';
import { assertParentExpression } from './validation';

export const GATE_ACTIONS = ['CANCEL', 'SKIP', 'QUEUE'] as const;
export type GateAction = (typeof GATE_ACTIONS)[number];

export type ParentCondition = {
  kind: 'PARENT';
  key: string;
  orGroup: string;
  parent: string;
  expression: string;
};

export type TaskCondition = (WaitCondition | ParentCondition) & { action: GateAction };

/** A condition as PutWorkflow carries it, with its action (the proto's enum name). */
export type TaskConditionInput = WaitConditionInput & {
  action: string;
  /** Parent conditions: the parent step's readable id. */
  parentReadableId?: string | undefined;
};

export interface TaskConditionsInput {
  parents?: readonly TaskConditionInput[] | undefined;
  sleeps?: readonly TaskConditionInput[] | undefined;
  events?: readonly TaskConditionInput[] | undefined;
}

/** A parent as a condition sees it: done, and its output ({skipped: true} when skipped). */
export interface ParentResult {
  output: unknown;
  skipped: boolean;
}

/**
 * A step's conditions, checked and in a stable form: or-groups renamed g0, g1, ... in order of
 * first use (the SDK draws random ids on every registration, which would make every worker
 * start a new version). Null when it declares none.
 */
export function normaliseTaskConditions(
  input: TaskConditionsInput | undefined,
  where: string,
  parents: readonly string[],
): TaskCondition[] | null {
  const all = [...(input?.parents ?? []), ...(input?.sleeps ?? []), ...(input?.events ?? [])];
  if (all.length === 0) return null;
  const groups = new Map<string, string>();
  const groupOf = (id: string, index: number) => {
    const raw = id || `own:${index}`;
    if (!groups.has(raw)) groups.set(raw, `g${groups.size}`);
    return groups.get(raw)!;
  };
  const conditions: TaskCondition[] = [];
  for (const [index, parent] of (input?.parents ?? []).entries()) {
    const name = parent.parentReadableId ?? '';
    if (!parents.includes(name)) {
      throw new EngineError(
        'INVALID_ARGUMENT',
        `${where}: a parent condition names "${name}", which is not one of its parents`,
      );
    }
    const expression = parent.expression?.trim() ?? '';
    if (expression) assertParentExpression(expression, `${where}: the condition "${expression}"`);
    conditions.push({
      kind: 'PARENT',
      action: toAction(parent.action, where),
      key: parent.readableDataKey || `parent-${name}`,
      orGroup: groupOf(parent.orGroupId, index),
      parent: name,
      expression,
    });
  }
  const sleeps = input?.sleeps ?? [];
  const events = input?.events ?? [];
  let index = conditions.length;
  const waits = sleeps.length + events.length > 0 ? normaliseWait(sleeps, events) : [];
  for (const [i, wait] of waits.entries()) {
    const declared = i < sleeps.length ? sleeps[i]! : events[i - sleeps.length]!;
    conditions.push({
      ...wait,
      action: toAction(declared.action, where),
      orGroup: groupOf(declared.orGroupId, index++),
    });
  }
  return conditions;
}

function toAction(action: string, where: string): GateAction {
  if ((GATE_ACTIONS as readonly string[]).includes(action)) return action as GateAction;
  throw new EngineError(
    'INVALID_ARGUMENT',
    `${where}: a condition's action must be QUEUE, SKIP or CANCEL, not ${action || 'empty'}`,
  );
}

/**
 * What is met as the conditions start counting: parent conditions (their parents are done, so
 * they are decided now) and sleeps of no length. By index, with what met each.
 */
export function metAtStart(
  conditions: readonly TaskCondition[],
  parents: ReadonlyMap<string, ParentResult>,
): Record<number, unknown> {
  const met: Record<number, unknown> = {};
  conditions.forEach((condition, index) => {
    if (condition.kind === 'SLEEP' && condition.sleepMs === 0)
      met[index] = { sleep_duration: '0s' };
    if (condition.kind !== 'PARENT') return;
    const parent = parents.get(condition.parent);
    if (parent && parentMeets(condition, parent.output)) met[index] = parent.output ?? {};
  });
  return met;
}

function parentMeets(condition: ParentCondition, output: unknown): boolean {
  if (!condition.expression) return true;
  const outcome = evaluateBoolean(compile(PARENT_OUTPUT, condition.expression), {
    output: output ?? {},
  });
  return outcome.ok && outcome.value;
}

/**
 * What the task does now, or undefined while it waits. `parentsAllSkipped` applies the default
 * skip (checked once, as the conditions start counting).
 */
export function gateDecision(
  conditions: readonly TaskCondition[],
  met: Readonly<Record<number, unknown>>,
  parentsAllSkipped = false,
): GateAction | undefined {
  if (actionMet(conditions, met, 'CANCEL')) return 'CANCEL';
  if (actionMet(conditions, met, 'SKIP')) return 'SKIP';
  if (parentsAllSkipped && !conditions.some((c) => c.kind === 'PARENT' && c.action === 'SKIP')) {
    return 'SKIP';
  }
  if (!conditions.some((c) => c.action === 'QUEUE')) return 'QUEUE';
  return actionMet(conditions, met, 'QUEUE') ? 'QUEUE' : undefined;
}

/** Whether an action has conditions and every or-group of them has one met. */
function actionMet(
  conditions: readonly TaskCondition[],
  met: Readonly<Record<number, unknown>>,
  action: GateAction,
): boolean {
  const groups = new Map<string, boolean>();
  conditions.forEach((c, i) => {
    if (c.action === action) groups.set(c.orGroup, (groups.get(c.orGroup) ?? false) || i in met);
  });
  return groups.size > 0 && [...groups.values()].every(Boolean);
}

/** Whether a task's output says it was skipped, as the reference reads a parent's. */
export function isSkippedOutput(output: unknown): boolean {
  return (
    typeof output === 'object' &&
    output !== null &&
    (output as { skipped?: unknown }).skipped === true
  );
}

/** The output a skipped task leaves. */
export const SKIPPED_OUTPUT = { skipped: true } as const;

/** A condition in words, as the dashboard's "why is this task waiting" says it. */
export function describeCondition(condition: TaskCondition): string {
  const expression =
    condition.kind !== 'SLEEP' && condition.expression ? ` (${condition.expression})` : '';
  switch (condition.kind) {
    case 'SLEEP':
      return `${formatDuration(condition.sleepMs)} to pass`;
    case 'EVENT':
      return `the event "${condition.eventKey}"${expression}`;
    case 'PARENT':
      return `the output of "${condition.parent}"${expression}`;
  }
}

/**
 * What an open gate still waits for, per action: the or-groups with nothing met, each as its
 * alternatives in words.
 */
export function openGroups(
  conditions: readonly TaskCondition[],
  met: Readonly<Record<number, unknown>>,
): Record<GateAction, string[][]> {
  const groups = new Map<string, { action: GateAction; met: boolean; words: string[] }>();
  conditions.forEach((condition, index) => {
    const key = `${condition.action}/${condition.orGroup}`;
    const group = groups.get(key) ?? { action: condition.action, met: false, words: [] };
    group.met ||= index in met;
    group.words.push(describeCondition(condition));
    groups.set(key, group);
  });
  const open: Record<GateAction, string[][]> = { QUEUE: [], SKIP: [], CANCEL: [] };
  for (const group of groups.values()) if (!group.met) open[group.action].push(group.words);
  return open;
}
