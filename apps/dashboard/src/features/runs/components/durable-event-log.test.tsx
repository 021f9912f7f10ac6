// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { durableLogNode } from '@/testing/durable-log-node';
import { renderScreen } from '@/testing/render-screen';
import type { V1DurableEventLogEntry } from '@/types/api';
import type { Eviction } from '../utils/eviction';
import { DurableEventLog } from './durable-event-log';

const TENANT = '00000000-0000-4000-8000-000000000001';
const TASK = '00000000-0000-4000-8000-000000000002';
const CHILD_RUN = '00000000-0000-4000-8000-000000000003';

/** A node of this task's log, met a second after it was recorded unless `extra` says not. */
const node = (extra: Partial<V1DurableEventLogEntry>) =>
  durableLogNode({
    isSatisfied: true,
    satisfiedAt: '2026-05-01T10:00:01.000Z',
    taskExternalId: TASK,
    taskDisplayName: 'checkout',
    ...extra,
  });

const LOG: V1DurableEventLogEntry[] = [
  node({
    nodeId: 1,
    kind: 'MEMO',
    result: { ts: '2026-05-01T10:00:00.000Z' },
    lastInvocationCount: 2,
  }),
  node({
    nodeId: 2,
    waitData: [{ kind: 'USER_EVENT', eventKey: 'order:paid', expression: 'input.ok == true' }],
    result: { CREATE: { 'order:paid': [{ ok: true, amount: 5 }] } },
    userMessage: 'payment',
  }),
  node({
    nodeId: 3,
    kind: 'RUN',
    waitData: [{ kind: 'CHILD_WORKFLOW', workflowName: 'charge' }],
    error: 'card declined',
    childWorkflowRunId: CHILD_RUN,
  }),
  node({
    nodeId: 4,
    waitData: [{ kind: 'SLEEP', sleepDurationMs: 3_600_000 }],
    isSatisfied: false,
    satisfiedAt: undefined,
    dueAt: '2026-05-01T11:00:04.000Z',
  }),
];

const EVICTION: Eviction = { reason: 'waited longer than its eviction TTL' };

function renderLog(log: V1DurableEventLogEntry[], eviction?: Eviction) {
  return renderScreen(
    <DurableEventLog tenantId={TENANT} taskId={TASK} status="RUNNING" eviction={eviction} />,
    {
      answer: ({ url }) => {
        expect(url.pathname).toBe(`/api/v1/stable/tenants/${TENANT}/durable-tasks/${TASK}`);
        return log;
      },
    },
  );
}

const itemText = (item: HTMLElement) => item.textContent?.replace(/\s+/g, ' ');

describe('DurableEventLog', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('lists each node in call order with what it is, its state and its invocations', async () => {
    localStorage.setItem('trellis-time-zone', 'Asia/Tokyo');
    renderLog(LOG);
    const list = await screen.findByRole('list', { name: 'Durable event log, in call order' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(items).toHaveLength(4);

    // now(): its time in the user's zone, and the replay that reached it.
    expect(itemText(items[0]!)).toContain('Memo: now()');
    expect(itemText(items[0]!)).toContain('invocation 1, replayed by invocation 2');
    expect(itemText(items[0]!)).toContain('Returned2026-05-01 19:00:00.000 GMT+9 (Asia/Tokyo)');

    // The event wait: done, met by its key, its payload folded away until opened.
    expect(itemText(items[1]!)).toContain('Wait for event order:paid where input.ok == true');
    expect(itemText(items[1]!)).toContain('“payment”');
    expect(itemText(items[1]!)).toContain('Done2026-05-01 19:00:01.000 GMT+9');
    expect(itemText(items[1]!)).toContain('Met byorder:paid');
    const folded = within(items[1]!).getByText('Payload of order:paid').closest('details')!;
    expect(folded.open).toBe(false);

    // The failed child: a link to its run and its error.
    const link = within(items[2]!).getByRole('link', { name: 'Spawned run charge' });
    expect(link.getAttribute('href')).toBe(`/tenants/${TENANT}/runs/${CHILD_RUN}`);
    expect(itemText(items[2]!)).toContain('Failed2026-05-01 19:00:01.000 GMT+9');
    expect(
      within(items[2]!).getByRole('region', { name: 'Error of the spawned run' }),
    ).toBeTruthy();

    // The open sleep: since when it waits and when it ends.
    expect(itemText(items[3]!)).toContain('Sleep 1h');
    expect(itemText(items[3]!)).toContain('Waiting since2026-05-01 19:00:00.000 GMT+9');
    expect(itemText(items[3]!)).toContain('Ends2026-05-01 20:00:04.000 GMT+9');
  });

  it("opens with what brings an evicted task back, in the user's time zone, and why", async () => {
    localStorage.setItem('trellis-time-zone', 'Asia/Tokyo');
    renderLog(LOG, EVICTION);
    const notice = await screen.findByRole('note');
    expect(itemText(notice)).toContain('Evicted while it waits: no worker holds it.');
    expect(itemText(notice)).toContain(
      'It comes back when “Sleep 1h” completes — at 2026-05-01 20:00:04.000 GMT+9',
    );
    expect(itemText(notice)).toContain('Reason: waited longer than its eviction TTL');
    // Atop the timeline.
    const list = screen.getByRole('list', { name: 'Durable event log, in call order' });
    expect(notice.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says nothing of eviction while a worker holds the task', async () => {
    renderLog(LOG);
    await screen.findByRole('list', { name: 'Durable event log, in call order' });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows nothing for a task without a log', async () => {
    const { requests } = renderLog([]);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Durable event log' })).toBeNull();
  });
});
