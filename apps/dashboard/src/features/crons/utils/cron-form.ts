/**
 * Editing a cron created over REST in place: the fields, what is wrong with them as they are
 * typed (the cron expression with the spec's messages), and the PATCH body.
 */
import { cronVerdict } from '@/lib/cron-verdict';
import { parseJsonObject } from '@/lib/json-object';
import type { UpdateCronRequest } from '@/types/api';

export interface CronFormValues {
  name: string;
  expression: string;
  input: string;
  metadata: string;
  /** '' for the workflow's default, else '1' to '3'. */
  priority: string;
}

/** The body fields the form shows, for the server's per-field messages. */
export const CRON_FORM_FIELDS = [
  'cronName',
  'cronExpression',
  'input',
  'additionalMetadata',
  'priority',
] as const;
export type CronFormField = (typeof CRON_FORM_FIELDS)[number];

export const PRIORITIES = ['1', '2', '3'] as const;

/** What is wrong, per body field; empty when the form can be sent. */
export function cronFormErrors(values: CronFormValues): Partial<Record<CronFormField, string>> {
  const errors: Partial<Record<CronFormField, string>> = {};
  if (values.name.trim() === '') errors.cronName = 'Enter a name for the cron job.';
  const verdict = cronVerdict(values.expression);
  if (!verdict.valid) errors.cronExpression = verdict.message;
  const input = parseJsonObject(values.input);
  if (!input.ok) errors.input = input.message;
  const metadata = parseJsonObject(values.metadata);
  if (!metadata.ok) errors.additionalMetadata = metadata.message;
  return errors;
}

/** The PATCH body of a valid form: every field, the priority only when one is chosen. */
export function cronFormBody(values: CronFormValues): UpdateCronRequest {
  const input = parseJsonObject(values.input);
  const metadata = parseJsonObject(values.metadata);
  return {
    cronName: values.name.trim(),
    cronExpression: values.expression.trim(),
    input: input.ok ? input.value : {},
    additionalMetadata: metadata.ok ? metadata.value : {},
    ...(values.priority ? { priority: Number(values.priority) } : {}),
  };
}
