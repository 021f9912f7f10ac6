import { useId } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { JsonField } from '@/components/ui/json-field';
import { Textarea } from '@/components/ui/textarea';
import type { FilterForm } from '../hooks/use-filter-form';
import { ExpressionVerdictLine } from './expression-verdict';

/** The variables a filter expression may read, as the engine binds them. */
export const FILTER_VARIABLES_HINT = (
  <>
    CEL over <code className="font-mono">input</code> (the event&apos;s payload),{' '}
    <code className="font-mono">additional_metadata</code>,{' '}
    <code className="font-mono">payload</code> (this filter&apos;s payload),{' '}
    <code className="font-mono">event_key</code> and <code className="font-mono">event_id</code>; it
    must be true or false.
  </>
);

/**
 * Scope, expression (checked as it is typed), payload and the sample event of the check:
 * the fields a filter is created and edited with.
 */
export function FilterFields({ form }: { form: FilterForm }) {
  const ids = useId();
  const expressionError = form.errors.expression;
  const verdictFailed = form.check.verdict.kind === 'error';
  return (
    <>
      <Field
        label="Scope"
        error={form.errors.scope}
        hint="Events sent with this scope are checked against this filter."
      >
        <Input
          name="scope"
          placeholder="customer-42"
          value={form.scope}
          autoComplete="off"
          className="font-mono"
          onChange={(event) => form.setScope(event.target.value)}
        />
      </Field>
      <div className="grid gap-1.5">
        <label htmlFor={`${ids}-expression`} className="text-[13px] font-medium text-foreground">
          Expression
        </label>
        <Textarea
          id={`${ids}-expression`}
          name="expression"
          rows={3}
          placeholder="input.amount > payload.minimum"
          value={form.expression}
          aria-invalid={expressionError || verdictFailed ? true : undefined}
          aria-describedby={`${ids}-expression-check ${ids}-expression-hint`}
          onChange={(event) => form.setExpression(event.target.value)}
        />
        {expressionError ? (
          <p role="alert" className="text-xs font-medium text-destructive">
            {expressionError}
          </p>
        ) : null}
        <ExpressionVerdictLine
          id={`${ids}-expression-check`}
          check={form.check}
          idle="Checked on the sample event below as you type."
        />
        <p id={`${ids}-expression-hint`} className="text-xs text-muted-foreground">
          {FILTER_VARIABLES_HINT}
        </p>
      </div>
      <JsonField
        label="Payload"
        field={form.payload}
        rows={3}
        error={form.errors.payload}
        hint={
          <>
            Values the expression reads as <code className="font-mono">payload</code>, so one
            expression can serve many filters.
          </>
        }
      />
      <JsonField
        label="Sample event"
        field={form.sample}
        rows={3}
        hint={
          <>
            An event payload (<code className="font-mono">input</code>) to check the expression on
            while you write it. It is not saved.
          </>
        }
      />
    </>
  );
}
