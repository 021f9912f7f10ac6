import { useMutation } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, WandSparkles } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { JsonField } from '@/components/ui/json-field';
import { NativeSelect } from '@/components/ui/native-select';
import { Tabs } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { tenantHref } from '@/config/paths';
import { useJsonText } from '@/hooks/use-json-text';
import { toast } from '@/hooks/use-toast';
import { ApiError, errorMessage } from '@/lib/api-error';
import { parseJsonObject } from '@/lib/json-object';
import { cn } from '@/lib/cn';
import type { CreateCronRequest, ScheduleRunRequest } from '@/types/api';
import { useTriggerRun } from '../api/trigger-run';
import { exampleFromSchema, schemaProblems } from '../utils/trigger-input';
import { TIMING_TABS, timingProblems, timingSubmitLabel } from '../utils/trigger-timing';
import type { Timing } from '../utils/trigger-timing';
import { TimingFields, useTimingFields } from './trigger-timing-fields';

/**
 * Trigger Run (reference 5.3): pick a workflow, write the input and additional metadata as
 * JSON, then run it now (landing on the new run), schedule it for a time, or create a cron
 * for it (landing on Scheduled Runs or Cron Jobs). The input is checked as it is typed: JSON
 * syntax first, then the workflow's input JSON schema when it registered one; the cron
 * expression with the spec's messages.
 */
export interface TriggerWorkflowOption {
  id: string;
  name: string;
}

/**
 * The calls behind the Schedule and Cron tabs, from the features that own those resources
 * (composed by the route).
 */
export interface TriggerTimings {
  schedule: (workflowName: string, body: ScheduleRunRequest) => Promise<unknown>;
  cron: (workflowName: string, body: CreateCronRequest) => Promise<unknown>;
}

type TimedSubmit =
  | { timing: 'schedule'; workflowName: string; body: ScheduleRunRequest }
  | { timing: 'cron'; workflowName: string; body: CreateCronRequest };

export function TriggerRunDialog({
  tenantId,
  open,
  onOpenChange,
  workflows,
  workflowsPending,
  search,
  onSearchChange,
  workflowId,
  onWorkflowChange,
  inputSchema: schema,
  fixedWorkflow = false,
  initialTiming = 'now',
  timings,
}: {
  tenantId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Workflows matching `search`. */
  workflows: TriggerWorkflowOption[];
  workflowsPending: boolean;
  search: string;
  onSearchChange: (search: string) => void;
  workflowId: string;
  onWorkflowChange: (workflowId: string) => void;
  /** The chosen workflow's input JSON schema, when it registered one. */
  inputSchema: Record<string, unknown> | undefined;
  /** Opened from a workflow's page: no search, the workflow is given. */
  fixedWorkflow?: boolean;
  /** The tab it opens on: Scheduled Runs opens Schedule, Cron Jobs opens Cron. */
  initialTiming?: Timing;
  timings: TriggerTimings;
}) {
  const navigate = useNavigate();
  const ids = useId();
  const [inputText, setInputText] = useState('{}');
  const metadataField = useJsonText();
  const [submitErrors, setSubmitErrors] = useState<string[]>([]);
  const [timing, setTiming] = useState<Timing>(initialTiming);
  const timingFields = useTimingFields();
  const trigger = useTriggerRun(tenantId);
  const timed = useMutation({
    mutationFn: (submit: TimedSubmit) =>
      submit.timing === 'schedule'
        ? timings.schedule(submit.workflowName, submit.body)
        : timings.cron(submit.workflowName, submit.body),
  });
  const pending = trigger.isPending || timed.isPending;
  const workflowName = workflows.find((row) => row.id === workflowId)?.name;

  const input = useMemo(() => parseJsonObject(inputText), [inputText]);
  const metadata = metadataField.parsed;
  const problems = useMemo(
    () => (schema && input.ok ? schemaProblems(schema, input.value) : []),
    [schema, input],
  );
  const inputError = input.ok ? undefined : input.message;

  const close = (next: boolean) => {
    if (next || pending) return;
    onOpenChange(false);
  };

  /** API errors (field errors flattened) as lines under the button. */
  const showError = (error: unknown) =>
    setSubmitErrors(
      error instanceof ApiError && error.descriptions.length > 0
        ? [...error.descriptions]
        : [errorMessage(error)],
    );

  const submit = () => {
    if (!workflowId || !workflowName) {
      setSubmitErrors(['No workflow selected.']);
      return;
    }
    if (!input.ok || !metadata.ok || problems.length > 0) return;
    const timingErrors = timingProblems(timing, timingFields.values);
    setSubmitErrors(timingErrors);
    if (timingErrors.length > 0) return;
    const payload = { input: input.value, additionalMetadata: metadata.value };
    if (timing === 'now') {
      trigger.mutate(
        { workflowName, ...payload },
        {
          onSuccess: (details) => {
            onOpenChange(false);
            void navigate(tenantHref(tenantId, 'runs/:run', { run: details.run.metadata.id }));
          },
          onError: showError,
        },
      );
      return;
    }
    const { triggerAt, cronName, cronExpression } = timingFields.values;
    timed.mutate(
      timing === 'schedule'
        ? { timing, workflowName, body: { ...payload, triggerAt: triggerAt ?? '' } }
        : {
            timing,
            workflowName,
            body: { ...payload, cronName: cronName.trim(), cronExpression: cronExpression.trim() },
          },
      {
        onSuccess: () => {
          toast({
            title: timing === 'schedule' ? 'Run scheduled' : 'Cron job created',
            description:
              timing === 'schedule'
                ? `${workflowName} runs at the time you chose.`
                : `${workflowName} runs on the schedule ${cronExpression.trim()}.`,
            variant: 'success',
          });
          onOpenChange(false);
          void navigate(tenantHref(tenantId, timing === 'schedule' ? 'scheduled' : 'cron-jobs'));
        },
        onError: showError,
      },
    );
  };

  const options = workflows;
  const term = search.trim();
  const ready = Boolean(workflowId) && input.ok && metadata.ok && problems.length === 0;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-[625px]">
        <DialogHeader
          title="Trigger Run"
          description="Run a workflow now, at a time you choose, or on a cron schedule, with the input and metadata you give it."
        />
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-1.5">
            <label htmlFor={`${ids}-workflow`} className="text-[13px] font-medium">
              Workflow
            </label>
            {fixedWorkflow ? null : (
              <Input
                type="search"
                aria-label="Search workflows"
                placeholder="Search workflows…"
                value={search}
                onChange={(event) => onSearchChange(event.target.value)}
                className="h-8 text-xs"
              />
            )}
            <NativeSelect
              id={`${ids}-workflow`}
              value={workflowId}
              onChange={(event) => {
                onWorkflowChange(event.target.value);
                setSubmitErrors([]);
              }}
            >
              {fixedWorkflow ? null : (
                <option value="">
                  {workflowsPending
                    ? 'Loading workflows…'
                    : options.length === 0
                      ? term
                        ? `No workflows matching "${term}"`
                        : 'No workflows found'
                      : 'Select Workflow'}
                </option>
              )}
              {options.map((workflow) => (
                <option key={workflow.id} value={workflow.id}>
                  {workflow.name}
                </option>
              ))}
            </NativeSelect>
          </div>

          <div className="grid gap-1.5">
            <div className="flex items-center justify-between gap-2">
              <label htmlFor={`${ids}-input`} className="text-[13px] font-medium">
                Input
              </label>
              {schema ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    setInputText(JSON.stringify(exampleFromSchema(schema) ?? {}, null, 2))
                  }
                  title="Replace the input with every field of the workflow's input schema"
                >
                  <WandSparkles aria-hidden="true" />
                  Fill from schema
                </Button>
              ) : null}
            </div>
            <Textarea
              id={`${ids}-input`}
              value={inputText}
              onChange={(event) => setInputText(event.target.value)}
              aria-invalid={inputError || problems.length > 0 ? true : undefined}
              aria-describedby={`${ids}-input-status`}
              className="h-[180px]"
            />
            <InputStatus
              id={`${ids}-input-status`}
              hasWorkflow={Boolean(workflowId)}
              hasSchema={Boolean(schema)}
              syntaxError={inputError}
              problems={problems}
            />
          </div>

          <JsonField
            label="Additional Metadata"
            field={metadataField}
            rows={4}
            hint="Key-value pairs to find this run by (Metadata filter of the runs list)."
          />

          <div className="grid gap-3">
            <Tabs
              label="Timing"
              items={TIMING_TABS}
              value={timing}
              onChange={(next) => {
                setTiming(next);
                setSubmitErrors([]);
              }}
            />
            <div
              role="tabpanel"
              aria-label={TIMING_TABS.find((tab) => tab.value === timing)?.label}
            >
              <TimingFields timing={timing} fields={timingFields} />
            </div>
          </div>

          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => close(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} disabled={!ready}>
              {timingSubmitLabel(timing)}
            </Button>
          </DialogFooter>

          {submitErrors.length > 0 ? (
            <ul role="alert" className="grid gap-1 text-sm text-destructive sm:text-right">
              {submitErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}

function InputStatus({
  id,
  hasWorkflow,
  hasSchema,
  syntaxError,
  problems,
}: {
  id: string;
  hasWorkflow: boolean;
  hasSchema: boolean;
  syntaxError: string | undefined;
  problems: { path: string; message: string }[];
}) {
  if (syntaxError) {
    return (
      <p id={id} role="alert" className="flex gap-1.5 text-xs font-medium text-destructive">
        <CircleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        {syntaxError}
      </p>
    );
  }
  if (problems.length > 0) {
    return (
      <div id={id} role="alert" className="grid gap-1 text-xs text-destructive">
        <p className="flex items-center gap-1.5 font-medium">
          <CircleAlert className="size-3.5 shrink-0" aria-hidden="true" />
          Does not match the workflow's input schema:
        </p>
        <ul className="grid gap-0.5 pl-5">
          {problems.map((problem) => (
            <li key={`${problem.path} ${problem.message}`} className="list-disc">
              {problem.path ? <code className="font-mono">{problem.path}</code> : null}
              {problem.path ? ': ' : ''}
              {problem.message}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <p
      id={id}
      className={cn(
        'flex items-center gap-1.5 text-xs',
        hasSchema ? 'text-success' : 'text-muted-foreground',
      )}
    >
      {hasSchema ? <CircleCheck className="size-3.5" aria-hidden="true" /> : null}
      {hasSchema
        ? "Matches the workflow's input schema."
        : hasWorkflow
          ? 'Valid JSON. This workflow registered no input schema, so any object is accepted.'
          : 'A JSON object.'}
    </p>
  );
}
