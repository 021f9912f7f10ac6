// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConcurrencyLimit } from '../utils/concurrency-limits';
import type { TaskInfo } from '../utils/task-info';
import { CONCURRENCY_COLUMN_CHOICES, ConcurrencyTable } from './concurrency-table';
import { TASK_COLUMN_CHOICES, TasksTable } from './tasks-table';

const TASKS: TaskInfo[] = [
  {
    id: 's1',
    name: 'fetch',
    action: 'pipeline:fetch',
    timeout: '60s',
    retries: 3,
    slotRequests: [],
    isDurable: false,
    parents: [],
    children: ['store'],
  },
  {
    id: 's2',
    name: 'store',
    action: 'pipeline:store',
    slotRequests: [],
    isDurable: true,
    parents: ['fetch'],
    children: [],
  },
];

const LIMIT: ConcurrencyLimit = {
  scope: 'Workflow',
  expression: 'input.key',
  maxRuns: '1',
  maxRunsIsExpression: false,
  strategy: 'GROUP_ROUND_ROBIN',
  name: 'per-key',
  tenantScoped: true,
};

const headers = (name: string) =>
  [...screen.getByRole('table', { name }).querySelectorAll('th')].map((th) => th.textContent);
const cells = (name: string, row: number) =>
  [...screen.getByRole('table', { name }).querySelectorAll('tbody tr')[row]!.children].map(
    (cell) => cell.textContent,
  );

describe('TasksTable', () => {
  afterEach(cleanup);

  it('lists every task with what it waits for, its limits and slots', () => {
    render(<TasksTable tasks={TASKS} />);
    expect(headers('Task list')).toEqual([
      'Task',
      'Action',
      'Runs after',
      'Timeout',
      'Retries',
      'Slots',
    ]);
    expect(cells('Task list', 0)).toEqual([
      'fetch',
      'pipeline:fetch',
      'Starts the run',
      '60s',
      '3',
      'N/A',
    ]);
    expect(cells('Task list', 1)).toEqual([
      'store',
      'pipeline:store',
      'fetch',
      'N/A',
      'N/A',
      'N/A (durable)',
    ]);
  });

  it('offers every column but the task’s name, and leaves out the hidden ones', () => {
    expect(TASK_COLUMN_CHOICES.map((choice) => choice.label)).toEqual([
      'Action',
      'Runs after',
      'Timeout',
      'Retries',
      'Slots',
    ]);
    render(<TasksTable tasks={TASKS} columnVisibility={{ action: false, slots: false }} />);
    expect(headers('Task list')).toEqual(['Task', 'Runs after', 'Timeout', 'Retries']);
  });
});

describe('ConcurrencyTable', () => {
  afterEach(cleanup);

  it('shows each limit, the most runs third, and its strategy and shared name', () => {
    render(<ConcurrencyTable limits={[LIMIT, { ...LIMIT, scope: 'store', name: undefined }]} />);
    expect(headers('Concurrency limits')).toEqual(['Scope', 'Key', 'Max runs', 'Strategy', 'Name']);
    const first = cells('Concurrency limits', 0);
    expect(first[2]).toBe('1');
    expect(first[3]).toBe('Group round robin');
    expect(first[4]).toBe('per-keytenant-wide');
    expect(cells('Concurrency limits', 1)[4]).toBe('N/A');
  });

  it('keeps the scope and key, and leaves out the hidden columns', () => {
    expect(CONCURRENCY_COLUMN_CHOICES.map((choice) => choice.id)).toEqual([
      'maxRuns',
      'strategy',
      'name',
    ]);
    render(<ConcurrencyTable limits={[LIMIT]} columnVisibility={{ name: false }} />);
    expect(headers('Concurrency limits')).toEqual(['Scope', 'Key', 'Max runs', 'Strategy']);
  });
});
