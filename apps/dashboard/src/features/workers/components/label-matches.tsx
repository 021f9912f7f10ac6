import { Check, X } from 'lucide-react';
import { Link } from 'react-router';
import { Section } from '@/components/layout/section';
import { Badge } from '@/components/ui/badge';
import { tenantHref } from '@/config/paths';
import { cn } from '@/lib/cn';
import type { WorkerLabelMatch } from '@/types/api';
import { comparatorSymbol } from '../utils/worker-info';

/**
 * The tasks a worker serves that ask for worker labels, and how its labels fare against each:
 * label by label, whether it may take the task at all, and its score among eligible workers.
 */
export function LabelMatches({
  tenantId,
  matches,
}: {
  tenantId: string;
  matches: WorkerLabelMatch[];
}) {
  if (matches.length === 0) return null;
  return (
    <Section
      title="Label matches"
      description="Tasks this worker serves that ask for worker labels. A task goes only to workers with its required labels, and to the best score among them."
    >
      <ul aria-label="Label matches" className="grid gap-2">
        {matches.map((match) => (
          <li
            key={`${match.workflowId}/${match.taskName}`}
            className="grid gap-2 rounded-lg border border-border bg-surface p-3 shadow-xs sm:grid-cols-[minmax(0,14rem)_1fr_auto] sm:items-start sm:gap-4"
          >
            <div className="min-w-0 text-[13px]">
              <Link
                to={tenantHref(tenantId, 'workflows/:workflow', { workflow: match.workflowId })}
                className="font-medium text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                {match.workflowName}
              </Link>
              {match.taskName !== match.workflowName ? (
                <span className="text-muted-foreground"> / {match.taskName}</span>
              ) : null}
            </div>
            <ul aria-label={`Labels ${match.taskName} asks for`} className="flex flex-wrap gap-1.5">
              {match.labels.map((label) => (
                <li key={label.key}>
                  <LabelCheck label={label} />
                </li>
              ))}
            </ul>
            <Verdict match={match} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function LabelCheck({ label }: { label: WorkerLabelMatch['labels'][number] }) {
  const Icon = label.matched ? Check : X;
  const has =
    label.workerValue === undefined
      ? 'the worker has no such label'
      : `the worker has ${label.workerValue}`;
  return (
    <Badge
      variant="outline"
      className={cn(
        'font-mono text-xs',
        !label.matched && label.required && 'border-destructive/50',
      )}
      title={`${label.matched ? 'Matched' : 'Not matched'}: ${has}${label.required ? '' : `; weight ${label.weight}`}`}
    >
      <Icon
        className={cn('size-3', label.matched ? 'text-success' : 'text-destructive')}
        aria-label={label.matched ? 'matched' : 'not matched'}
      />
      {label.key} {comparatorSymbol(label.comparator)} {label.value}
      {label.required ? (
        <span className="font-sans text-[10px] text-muted-foreground">required</span>
      ) : (
        <span className="font-sans text-[10px] text-muted-foreground">+{label.weight}</span>
      )}
      {!label.matched ? (
        <span className="font-sans text-[10px] text-muted-foreground">
          ({label.workerValue === undefined ? 'missing' : `is ${label.workerValue}`})
        </span>
      ) : null}
    </Badge>
  );
}

function Verdict({ match }: { match: WorkerLabelMatch }) {
  return match.eligible ? (
    <span className="text-[13px] text-foreground" data-testid="label-verdict">
      Eligible · score {match.score}
    </span>
  ) : (
    <span className="text-[13px] font-medium text-destructive" data-testid="label-verdict">
      Not eligible: lacks a required label
    </span>
  );
}
