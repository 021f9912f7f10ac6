// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useComposedSearchParams } from './use-composed-search-params';

type Hook = ReturnType<typeof useComposedSearchParams>;
let hook: Hook;
const report = (latest: Hook) => {
  hook = latest;
};
function Probe({ onRender }: { onRender: (latest: Hook) => void }) {
  onRender(useComposedSearchParams());
  return null;
}

/** A route whose navigations take a while, as with a loader: the URL lags the updates. */
function renderSlowRoute() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        loader: () => new Promise((resolve) => setTimeout(() => resolve(null), 30)),
        element: <Probe onRender={report} />,
      },
    ],
    { initialEntries: ['/?a=1'], hydrationData: { loaderData: { 0: null } } },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

describe('useComposedSearchParams', () => {
  afterEach(cleanup);

  it('shows an update at once and composes quick updates, until the URL catches up', async () => {
    const router = renderSlowRoute();
    act(() => hook[1]((previous) => withParam(previous, 'b', '2')));
    expect(hook[0].toString()).toBe('a=1&b=2');
    act(() => hook[1]((previous) => withParam(previous, 'c', '3')));
    expect(hook[0].toString()).toBe('a=1&b=2&c=3');
    await settle();
    expect(router.state.location.search).toBe('?a=1&b=2&c=3');
    expect(hook[0].toString()).toBe('a=1&b=2&c=3');
  });

  it('gives way to a navigation from elsewhere', async () => {
    const router = renderSlowRoute();
    act(() => hook[1]((previous) => withParam(previous, 'b', '2')));
    await settle();
    await act(() => router.navigate('/?z=9'));
    await settle();
    expect(hook[0].toString()).toBe('z=9');
  });
});

function withParam(previous: URLSearchParams, key: string, value: string): URLSearchParams {
  const next = new URLSearchParams(previous);
  next.set(key, value);
  return next;
}
