/**
 * Where a task may run, beyond serving its action: a desired worker (sticky assignment: HARD
 * runs only there, SOFT there first) and desired worker labels (a required label filters the
 * workers, the others add their weight to a worker's score). Declared per step
 * (`tasks[].worker_labels`), per workflow (`sticky`: a DAG's later tasks follow the worker of
 * their parent) and per run (`desired_worker_id`, `desired_worker_labels`, which override the
 * step's labels key by key); worked out when the task is queued and stored with it, so the
 * scheduler decides from memory and a restart decides the same.
 */
import { EngineError } from './errors';

export const LABEL_COMPARATORS = [
  'EQUAL',
  'NOT_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
] as const;
export type LabelComparator = (typeof LABEL_COMPARATORS)[number];

export type StickyStrategy = 'SOFT' | 'HARD';

/** A desired label as PutWorkflow or a trigger sends it. */
export interface DesiredLabelInput {
  strValue?: string | undefined;
  intValue?: number | undefined;
  required?: boolean | undefined;
  comparator?: string | undefined;
  weight?: number | undefined;
}

export interface DesiredLabel {
  key: string;
  value: string | number;
  comparator: LabelComparator;
  required: boolean;
  weight: number;
}

/** What a queued task asks of its worker; absent when anything serving the action will do. */
export interface Placement {
  workerId?: string | undefined;
  /** HARD sticky: only `workerId`. */
  strict?: boolean | undefined;
  labels?: DesiredLabel[] | undefined;
}

export function normaliseDesiredLabels(
  inputs: Readonly<Record<string, DesiredLabelInput>>,
  where: string,
): DesiredLabel[] {
  return Object.entries(inputs)
    .map(([key, input]) => {
      const value = input.strValue ?? input.intValue;
      if (value === undefined) {
        throw new EngineError('INVALID_ARGUMENT', `${where}: worker label "${key}" has no value`);
      }
      const comparator = input.comparator || 'EQUAL';
      if (!(LABEL_COMPARATORS as readonly string[]).includes(comparator)) {
        throw new EngineError(
          'INVALID_ARGUMENT',
          `${where}: worker label "${key}" has an unknown comparator ${comparator}`,
        );
      }
      return {
        key,
        value,
        comparator: comparator as LabelComparator,
        // The reference's defaults: a preference (not required) of weight 100.
        required: input.required ?? false,
        weight: input.weight ?? 100,
      };
    })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The run's labels override the step's, key by key. */
export function mergeLabels(
  step: readonly DesiredLabel[],
  run: readonly DesiredLabel[] | undefined,
): DesiredLabel[] {
  if (!run || run.length === 0) return [...step];
  const byKey = new Map(step.map((label) => [label.key, label]));
  for (const label of run) byKey.set(label.key, label);
  return [...byKey.values()];
}

/** A task's placement from its step, its workflow's sticky strategy and its run's wishes. */
export function placementOf(
  labels: readonly DesiredLabel[],
  sticky: StickyStrategy | null,
  workerId: string | undefined,
): Placement | undefined {
  if (labels.length === 0 && workerId === undefined) return undefined;
  return {
    ...(workerId !== undefined ? { workerId, strict: sticky === 'HARD' } : {}),
    ...(labels.length > 0 ? { labels: [...labels] } : {}),
  };
}

/**
 * Whether a worker's label satisfies a desired one: the worker's value compared to the desired
 * value (`memory GREATER_THAN_OR_EQUAL 2048` wants a worker with memory ≥ 2048). Numbers
 * compare as numbers, anything else as text.
 */
export function labelMatches(
  workerLabels: Readonly<Record<string, string | number>>,
  label: DesiredLabel,
): boolean {
  const actual = workerLabels[label.key];
  if (actual === undefined) return false;
  const numeric = typeof actual === 'number' && typeof label.value === 'number';
  const a = numeric ? actual : String(actual);
  const b = numeric ? label.value : String(label.value);
  switch (label.comparator) {
    case 'EQUAL':
      return a === b;
    case 'NOT_EQUAL':
      return a !== b;
    case 'GREATER_THAN':
      return a > b;
    case 'GREATER_THAN_OR_EQUAL':
      return a >= b;
    case 'LESS_THAN':
      return a < b;
    case 'LESS_THAN_OR_EQUAL':
      return a <= b;
  }
}

/** A worker's score for a task's labels: undefined when it lacks a required one. */
export function labelScore(
  workerLabels: Readonly<Record<string, string | number>>,
  labels: readonly DesiredLabel[] | undefined,
): number | undefined {
  let score = 0;
  for (const label of labels ?? []) {
    if (labelMatches(workerLabels, label)) score += label.weight;
    else if (label.required) return undefined;
  }
  return score;
}

/** How a worker fares against desired labels, label by label (the worker detail shows it). */
export interface LabelMatch {
  label: DesiredLabel;
  /** The worker's value for the key, if it has one. */
  workerValue: string | number | undefined;
  matched: boolean;
}

export function matchLabels(
  workerLabels: Readonly<Record<string, string | number>>,
  labels: readonly DesiredLabel[],
): { matches: LabelMatch[]; score: number | undefined } {
  const matches = labels.map((label) => ({
    label,
    workerValue: workerLabels[label.key],
    matched: labelMatches(workerLabels, label),
  }));
  return { matches, score: labelScore(workerLabels, labels) };
}

/** Whether the task can only run on some workers (then, if none is free, it waits aside). */
export function isConstrained(placement: Placement | undefined): boolean {
  return !!placement && (!!placement.strict || !!placement.labels?.some((l) => l.required));
}
