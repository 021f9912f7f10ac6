import { CircleAlert, CircleCheck, CircleMinus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { ExpressionCheck } from '../hooks/use-expression-check';

/**
 * What the CEL debugger said about an expression, as a line under its field: true or false
 * on the sample event, or the error. Announced politely to screen readers as it changes.
 */
export function ExpressionVerdictLine({
  id,
  check,
  idle,
}: {
  id?: string;
  check: ExpressionCheck;
  /** Shown while there is nothing to check. */
  idle: ReactNode;
}) {
  const { verdict, stale } = check;
  return (
    <div
      id={id}
      aria-live="polite"
      data-testid="expression-verdict"
      className={cn(
        'flex min-h-4 items-start gap-1.5 text-xs transition-opacity',
        stale && 'opacity-60',
      )}
    >
      {verdict.kind === 'idle' ? (
        <span className="text-muted-foreground">{idle}</span>
      ) : verdict.kind === 'checking' ? (
        <>
          <Spinner className="mt-px size-3.5 text-muted-foreground" />
          <span className="text-muted-foreground">Checking…</span>
        </>
      ) : verdict.kind === 'result' ? (
        <>
          <CircleCheck className="mt-px size-3.5 shrink-0 text-success" aria-hidden="true" />
          <span className="text-foreground">
            Valid. On the sample event it is{' '}
            <code className="font-mono font-semibold">{String(verdict.output)}</code>
            {verdict.output ? ': the filter lets it through.' : ': the filter holds it back.'}
          </span>
        </>
      ) : verdict.kind === 'error' ? (
        <>
          <CircleAlert className="mt-px size-3.5 shrink-0 text-destructive" aria-hidden="true" />
          <span className="break-words">
            <span className="font-medium text-destructive">{verdict.message}</span>
            <span className="text-muted-foreground"> (checked on the sample event)</span>
          </span>
        </>
      ) : (
        <>
          <CircleMinus
            className="mt-px size-3.5 shrink-0 text-muted-foreground"
            aria-hidden="true"
          />
          <span className="text-muted-foreground">
            Could not check the expression: {verdict.message}
          </span>
        </>
      )}
      {stale && verdict.kind !== 'checking' ? (
        <Spinner className="mt-px ml-auto size-3.5 shrink-0 text-muted-foreground" />
      ) : null}
    </div>
  );
}

/** The debugger's answer, large: TRUE, FALSE or the error. */
export function ExpressionVerdictPanel({ check }: { check: ExpressionCheck }) {
  const { verdict, stale } = check;
  const tone =
    verdict.kind === 'result'
      ? verdict.output
        ? 'border-green-500/40 bg-green-500/10'
        : 'border-border bg-muted/40'
      : verdict.kind === 'error'
        ? 'border-destructive/40 bg-destructive/10'
        : 'border-border bg-muted/40';
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Result"
      data-testid="cel-result"
      className={cn(
        'grid gap-1 rounded-lg border px-4 py-3 transition-opacity',
        tone,
        stale && 'opacity-60',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          Result
        </span>
        {stale || verdict.kind === 'checking' ? <Spinner className="size-3.5" /> : null}
      </div>
      {verdict.kind === 'result' ? (
        <p className="flex items-baseline gap-2">
          <code
            className={cn(
              'font-mono text-2xl font-semibold',
              verdict.output ? 'text-green-700 dark:text-green-300' : 'text-foreground',
            )}
          >
            {String(verdict.output)}
          </code>
          <span className="text-sm text-muted-foreground">
            {verdict.output
              ? 'The filter lets this event through: its workflow runs.'
              : 'The filter holds this event back: its workflow does not run.'}
          </span>
        </p>
      ) : verdict.kind === 'error' ? (
        <p className="font-mono text-sm break-words whitespace-pre-wrap text-destructive">
          {verdict.message}
        </p>
      ) : verdict.kind === 'unavailable' ? (
        <p className="text-sm text-muted-foreground">Could not evaluate: {verdict.message}</p>
      ) : (
        <p className="text-sm text-muted-foreground">
          {verdict.kind === 'idle' ? 'Write an expression to evaluate it.' : 'Evaluating…'}
        </p>
      )}
    </div>
  );
}
