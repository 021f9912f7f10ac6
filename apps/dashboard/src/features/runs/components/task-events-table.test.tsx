// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserIdContext } from '@/hooks/current-user-id';
import { columnsStorageKey } from '@/hooks/use-column-visibility';
import { renderScreen } from '@/testing/render-screen';
import type { V1TaskEvent } from '@/types/api';
import { TaskEventsTable } from './task-events-table';

const TASK = '00000000-0000-4000-8000-000000000002';
const event = (id: number, extra: Partial<V1TaskEvent>): V1TaskEvent => ({
  id,
  taskId: TASK,
  taskDisplayName: 'charge',
  timestamp: `2026-05-01T10:00:0${id}.000Z`,
  eventType: 'STARTED',
  message: '',
  ...extra,
});
const EVENTS: V1TaskEvent[] = [
  event(1, { eventType: 'STARTED', attempt: 1 }),
  event(2, { eventType: 'FAILED', attempt: 1, message: 'boom', errorMessage: 'Error: boom' }),
  event(3, { eventType: 'STARTED', attempt: 2 }),
];

function renderTable(onOpenTask?: (taskId: string) => void) {
  return renderScreen(
    <CurrentUserIdContext value="ada">
      <TaskEventsTable
        tenantId="t1"
        events={EVENTS}
        onOpenTask={onOpenTask}
        label={onOpenTask ? 'Run activity' : 'Task events'}
      />
    </CurrentUserIdContext>,
    { answer: () => ({}) },
  );
}

const headers = (table: HTMLElement) =>
  [...table.querySelectorAll('th')].map((header) => header.textContent);

describe('TaskEventsTable', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('lists the events newest first, each row named by its type, with attempts and the task', () => {
    const open = vi.fn();
    renderTable(open);
    const table = screen.getByRole('table', { name: 'Run activity' });
    expect(headers(table)).toEqual(['Task', 'Seen at', 'Event', 'Description']);
    const rows = [...table.querySelectorAll('[data-event]')];
    expect(rows.map((row) => row.getAttribute('data-event'))).toEqual([
      'STARTED',
      'FAILED',
      'STARTED',
    ]);
    expect(rows[1]!.textContent).toContain('(attempt 1)');
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'View Error' })).toBeTruthy();
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'charge' }));
    expect(open).toHaveBeenCalledWith(TASK);
  });

  it('hides a column from the Columns menu and keeps the choice per user and list', async () => {
    renderTable(() => undefined);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Columns: Run activity' }), {
      button: 0,
    });
    const menu = await screen.findByRole('menu');
    // The event names the row: it is not offered.
    expect(
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((item) => item.textContent),
    ).toEqual(['Task', 'Seen at', 'Description']);
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Seen at' }));
    // The menu stays open (several columns are usually toggled), hiding the page from the tree.
    const table = screen.getByRole('table', { name: 'Run activity', hidden: true });
    expect(headers(table)).toEqual(['Task', 'Event', 'Description']);
    expect(localStorage.getItem(columnsStorageKey('ada', 'run-activity'))).toBe('["seenAt"]');
    // A task's own events are another list, with its own choice.
    expect(localStorage.getItem(columnsStorageKey('ada', 'task-events'))).toBeNull();
  });

  it('shows a task’s events without the Task column, and says when there are none', () => {
    localStorage.setItem(columnsStorageKey('ada', 'task-events'), '["description"]');
    renderTable();
    const table = screen.getByRole('table', { name: 'Task events' });
    expect(headers(table)).toEqual(['Seen at', 'Event']);
    expect(screen.getByRole('button', { name: 'Columns: Task events (1 hidden)' })).toBeTruthy();
    cleanup();

    renderScreen(<TaskEventsTable tenantId="t1" events={[]} label="Task events" />, {
      answer: () => ({}),
    });
    expect(screen.getByText('No events found.')).toBeTruthy();
  });
});
