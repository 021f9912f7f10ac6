/**
 * An evicted durable task: its worker gave its slot back while it waits, so it stays RUNNING
 * with no worker, and is queued again (DURABLE_RESTORING) once every open node of its log
 * completes. The panel says so, and what it waits for, in these words.
 */
import type { V1DurableEventLogEntry } from '@/types/api';
import { nodeDescription, nodeIcon, nodeState } from './durable-log';

/** Text with times in it, kept as ISO strings so that the view shows them in the user's zone. */
export type TextPart = string | { time: string };

/**
 * When the evicted task comes back, from the open nodes of its log: "It comes back when
 * “Sleep 1h” completes — at <time>." It is queued again only once all of them complete, so
 * several are listed under "all of these".
 */
export function comeBackText(nodes: readonly V1DurableEventLogEntry[]): TextPart[] {
  const open = nodes.filter((node) => nodeState(node) === 'waiting');
  const [first] = open;
  if (!first) return ['It comes back when what it waits for completes.'];
  if (open.length === 1) {
    return [`It comes back when ${quoted(first)} completes — `, ...untilText(first), '.'];
  }
  return [
    'It comes back when all of these complete: ',
    ...open.flatMap((node, index) => [
      `${index > 0 ? '; ' : ''}${quoted(node)} — `,
      ...untilText(node),
    ]),
    '.',
  ];
}

function quoted(node: V1DurableEventLogEntry): string {
  return `“${nodeDescription(node)}”`;
}

/** At a sleep's end, when the event arrives or the spawned run finishes; a memo, once stored. */
function untilText(node: V1DurableEventLogEntry): TextPart[] {
  if (node.kind === 'RUN') return ['when the spawned run finishes'];
  if (node.kind !== 'WAIT_FOR') return ['when its value is recorded'];
  if (nodeIcon(node) === 'sleep') {
    return node.dueAt ? ['at ', { time: node.dueAt }] : ['when its sleep ends'];
  }
  // A wait for an event that may also sleep: its sleep's end is shown whether the two are
  // alternatives or both needed, since the quoted description says which.
  return node.dueAt
    ? ['when the event arrives (its sleep ends at ', { time: node.dueAt }, ')']
    : ['when the event arrives'];
}
