// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CurrentUserIdContext } from './current-user-id';
import { columnsStorageKey, useColumnVisibility } from './use-column-visibility';
import type { ColumnVisibility } from './use-column-visibility';

let hook: ColumnVisibility;
const report = (latest: ColumnVisibility) => {
  hook = latest;
};
function Probe({ urlKey, onRender }: { urlKey?: string; onRender: typeof report }) {
  onRender(useColumnVisibility('runs', urlKey));
  return null;
}

function renderAs(userId: string, path = '/', urlKey?: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <CurrentUserIdContext value={userId}>
            <Probe urlKey={urlKey} onRender={report} />
          </CurrentUserIdContext>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useColumnVisibility', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('keeps each user’s hidden columns apart', () => {
    renderAs('ada');
    act(() => hook.setHidden(['workflow']));
    expect(hook.visibility).toEqual({ workflow: false });
    expect(localStorage.getItem(columnsStorageKey('ada', 'runs'))).toBe('["workflow"]');
    cleanup();

    renderAs('grace');
    expect(hook.hidden).toEqual([]);
  });

  it('lets the URL’s columns win over the stored ones, and writes a change to both', async () => {
    localStorage.setItem(columnsStorageKey('ada', 'runs'), '["metadata"]');
    const router = renderAs('ada', '/?runs-columns=%5B%22duration%22%5D', 'runs-columns');
    expect(hook.hidden).toEqual(['duration']);

    act(() => hook.setHidden([]));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(router.state.location.search).toBe('?runs-columns=%5B%5D');
    expect(hook.hidden).toEqual([]);
    expect(localStorage.getItem(columnsStorageKey('ada', 'runs'))).toBeNull();
  });
});
