import { Bookmark, ChevronRight, Radio, Timer, Workflow } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { JsonView } from '@/components/ui/json-view';
import { RelativeTime } from '@/components/ui/relative-time';
import { StatusBadge } from '@/components/ui/status-badge';
import { Timestamp } from '@/components/ui/timestamp';
import { tenantHref } from '@/config/paths';
import { cn } from '@/lib/cn';
import type { StatusTone } from '@/lib/status';
import type { V1DurableEventLogEntry } from '@/types/api';
import type { NodeIcon, NodeState, WaitMatch } from '../utils/durable-log';
import {
  NODE_STATE_LABELS,
  invocationText,
  memoTime,
  nodeDescription,
  nodeIcon,
  nodeState,
  waitMatches,
} from '../utils/durable-log';
import { ErrorBlock } from './error-block';

const ICONS: Record<NodeIcon, LucideIcon> = {
  sleep: Timer,
  event: Radio,
  memo: Bookmark,
  run: Workflow,
};

const STATE_TONES: Record<NodeState, StatusTone> = {
  done: 'green',
  waiting: 'amber',
  failed: 'red',
};

const STATE_RINGS: Record<NodeState, string> = {
  done: 'border-green-500/50 text-green-700 dark:text-green-300',
  waiting: 'border-amber-500/70 text-amber-700 dark:text-amber-300',
  failed: 'border-red-500/50 text-red-700 dark:text-red-300',
};

/**
 * One node of the timeline: its picture, what it is, its state in words, the invocations
 * that wrote and replayed it, when it was recorded and met (or since when it waits, and when
 * its sleep ends), then what met it, folded away until asked for.
 */
export function DurableLogNode({
  tenantId,
  node,
}: {
  tenantId: string;
  node: V1DurableEventLogEntry;
}) {
  const state = nodeState(node);
  const Icon = ICONS[nodeIcon(node)];
  return (
    <li
      className="group relative grid grid-cols-[2rem_minmax(0,1fr)] gap-x-3 pb-5 last:pb-0"
      data-durable-node={node.nodeId}
      data-state={state}
    >
      <span
        aria-hidden="true"
        className="absolute top-9 bottom-1 left-[15px] w-px bg-border group-last:hidden"
      />
      <span
        aria-hidden="true"
        className={cn(
          'flex size-8 items-center justify-center rounded-full border-2 bg-surface',
          STATE_RINGS[state],
        )}
      >
        <Icon className="size-4" />
      </span>
      <div className="grid min-w-0 gap-1.5 pt-1">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <p className="min-w-0 text-sm font-medium break-words">
            <NodeTitle tenantId={tenantId} node={node} />
          </p>
          <StatusBadge tone={STATE_TONES[state]}>{NODE_STATE_LABELS[state]}</StatusBadge>
        </div>
        {node.userMessage ? (
          <p className="text-xs break-words text-muted-foreground italic">“{node.userMessage}”</p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          Node {node.nodeId} · {invocationText(node)}
        </p>
        <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-xs">
          <NodeTimes node={node} state={state} />
        </dl>
        {node.error !== undefined ? (
          <ErrorBlock error={node.error} title="Error of the spawned run" />
        ) : null}
        <NodeResult node={node} />
      </div>
    </li>
  );
}

/** A spawned run's description links to the child run once it exists. */
function NodeTitle({ tenantId, node }: { tenantId: string; node: V1DurableEventLogEntry }) {
  const description = nodeDescription(node);
  if (node.kind !== 'RUN' || !node.childWorkflowRunId) return description;
  return (
    <Link
      to={tenantHref(tenantId, 'runs/:run', { run: node.childWorkflowRunId })}
      className="rounded-sm text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      {description}
    </Link>
  );
}

function NodeTimes({ node, state }: { node: V1DurableEventLogEntry; state: NodeState }) {
  if (state === 'waiting') {
    // An open node has waited since it was recorded: one row says both.
    return (
      <>
        <TimeRow label="Waiting since" value={node.insertedAt} relative />
        {node.dueAt ? <TimeRow label="Ends" value={node.dueAt} relative /> : null}
      </>
    );
  }
  const matches = waitMatches(node);
  const returned = memoTime(node);
  return (
    <>
      <TimeRow label="Recorded" value={node.insertedAt} />
      {node.satisfiedAt ? (
        <TimeRow label={NODE_STATE_LABELS[state]} value={node.satisfiedAt} />
      ) : null}
      {matches.length > 0 ? (
        <Row label="Met by">
          <MatchList matches={matches} />
        </Row>
      ) : null}
      {returned ? <TimeRow label="Returned" value={returned} /> : null}
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function TimeRow({ label, value, relative }: { label: string; value: string; relative?: boolean }) {
  return (
    <Row label={label}>
      <Timestamp value={value} />
      {relative ? (
        <>
          {' '}
          <span className="text-muted-foreground">
            (<RelativeTime value={value} />)
          </span>
        </>
      ) : null}
    </Row>
  );
}

function MatchList({ matches }: { matches: WaitMatch[] }) {
  return (
    <ul className="grid gap-0.5">
      {matches.map((match, index) =>
        match.kind === 'sleep' ? (
          <li key={index}>the sleep of {match.duration}</li>
        ) : (
          <li key={index}>
            <code className="font-mono break-all">{match.key}</code>
          </li>
        ),
      )}
    </ul>
  );
}

/** The data that completed the node, folded: a wait's payloads, a child's output, a memo. */
function NodeResult({ node }: { node: V1DurableEventLogEntry }) {
  if (!node.isSatisfied || node.error !== undefined) return null;
  if (node.kind === 'WAIT_FOR') {
    const payloads = waitMatches(node).filter((match) => match.kind === 'data');
    return payloads.map((match, index) => (
      <Folded key={index} summary={`Payload of ${match.key}`} value={match.payload} />
    ));
  }
  if (node.kind === 'RUN') return <Folded summary="Output" value={node.result ?? null} />;
  // now()'s time is shown above, in the user's time zone.
  if (memoTime(node) !== undefined) return null;
  return <Folded summary="Value" value={node.result ?? null} />;
}

function Folded({ summary, value }: { summary: string; value: unknown }) {
  return (
    <details className="group/folded text-xs">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-sm text-muted-foreground select-none hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <ChevronRight
          className="size-3.5 transition-transform group-open/folded:rotate-90"
          aria-hidden="true"
        />
        {summary}
      </summary>
      <JsonView value={value} label={summary} className="mt-1.5" maxHeightClass="max-h-60" />
    </details>
  );
}
