// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkflowDag } from './workflow-dag';

describe('WorkflowDag', () => {
  afterEach(cleanup);

  it('draws a node per task with its details and an edge per parent', () => {
    const { container } = render(
      <WorkflowDag
        tasks={[
          {
            id: '1',
            name: 'fetch',
            action: 'pipe:fetch',
            timeout: '30s',
            retries: 2,
            slotRequests: [{ type: 'default', units: 1 }],
            isDurable: false,
            parents: [],
            children: ['store'],
          },
          {
            id: '2',
            name: 'store',
            action: 'pipe:store',
            timeout: '60s',
            slotRequests: [],
            isDurable: true,
            parents: ['fetch'],
            children: [],
          },
        ]}
      />,
    );
    expect(screen.getByRole('group', { name: 'Task graph: 2 tasks' })).toBeTruthy();
    const fetchNode = screen.getByRole('listitem', { name: 'Task fetch' });
    expect(fetchNode.textContent).toContain('pipe:fetch');
    expect(fetchNode.textContent).toContain('30s');
    expect(fetchNode.textContent).toContain('2 retries');
    expect(fetchNode.textContent).toContain('1 default slot');
    expect(screen.getByRole('listitem', { name: 'Task store' }).textContent).toContain('durable');
    expect(container.querySelectorAll('[data-edge="fetch->store"]')).toHaveLength(1);
  });
});
