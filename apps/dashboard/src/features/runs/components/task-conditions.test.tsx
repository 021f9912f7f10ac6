// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { V1TaskCondition } from '@/types/api';
import { TaskConditionsBlock } from './task-conditions';

const CONDITIONS: V1TaskCondition[] = [
  {
    action: 'QUEUE',
    kind: 'SLEEP',
    orGroupId: 'g0',
    readableDataKey: 'sleep-1m',
    sleepFor: '1m',
    met: false,
  },
  {
    action: 'QUEUE',
    kind: 'USER_EVENT',
    orGroupId: 'g0',
    readableDataKey: 'confirmed',
    eventKey: 'order:confirmed',
    met: false,
  },
  {
    action: 'SKIP',
    kind: 'USER_EVENT',
    orGroupId: 'g1',
    readableDataKey: 'trusted',
    eventKey: 'order:trusted',
    expression: "input.orderId == 'o-1'",
    met: true,
  },
];

const lines = () =>
  within(screen.getByRole('list', { name: 'Conditions' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('TaskConditionsBlock', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("says what a waiting task waits for, since when and when its sleep ends, in the user's zone", () => {
    localStorage.setItem('trellis-time-zone', 'Asia/Tokyo');
    render(
      <TaskConditionsBlock
        task={{ isSkipped: false }}
        conditions={CONDITIONS}
        gate={{
          waitingSince: '2026-05-01T10:00:00.000Z',
          nextSleepAt: '2026-05-01T10:01:00.000Z',
        }}
      />,
    );
    const block = screen.getByRole('region', { name: 'Waiting for its conditions' });
    expect(lines()).toEqual([
      'waits 1m, not met',
      'or waits for event order:confirmed, not met',
      "skip if event order:trusted where input.orderId == 'o-1', met",
    ]);
    const text = block.textContent?.replace(/\s+/g, ' ');
    expect(text).toContain('Waiting since2026-05-01 19:00:00.000 GMT+9');
    expect(text).toContain('Next sleep ends2026-05-01 19:01:00.000 GMT+9');
  });

  it('says what decided a task once decided, and that nothing counts before its parents are done', () => {
    render(
      <TaskConditionsBlock
        task={{ isSkipped: true }}
        conditions={CONDITIONS}
        gate={{
          waitingSince: '2026-05-01T10:00:00.000Z',
          decidedAt: '2026-05-01T10:00:02.000Z',
          decision: 'SKIP',
        }}
      />,
    );
    const block = screen.getByRole('region', { name: 'Skipped by its conditions' });
    expect(block.textContent).toContain('Decided');
    expect(block.textContent).not.toContain('Next sleep ends');
    cleanup();
    render(<TaskConditionsBlock task={{}} conditions={CONDITIONS} gate={undefined} />);
    screen.getByRole('region', { name: 'Conditions' });
    screen.getByText('They start counting once its parents are done.');
  });
});
