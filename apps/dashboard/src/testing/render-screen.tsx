/**
 * Renders a component as a screen would have it: a query client without retries and a memory
 * router at `url`, whose state the test can read (`router.state.location`). The network is
 * `answer`: a function from method and URL to the JSON body (and status) the server gives.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';

export interface Request {
  method: string;
  url: URL;
  body: unknown;
}

/** The JSON body answered to a request (200), or `withStatus(...)`. */
export type Answer = (request: Request) => unknown;

/** An answer with a status other than 200. */
export const withStatus = (status: number, body: unknown) => ({ status, body, withStatus: true });

export function renderScreen(
  element: ReactElement,
  { url = '/', pattern = '*', answer }: { url?: string; pattern?: string; answer: Answer },
) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit = {}) => {
      const request = {
        method: init.method ?? 'GET',
        url: new URL(input),
        body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      };
      requests.push(request);
      const answered = answer(request) as { status?: number; body?: unknown; withStatus?: true };
      return Promise.resolve(
        answered && answered.withStatus
          ? Response.json(answered.body, { status: answered.status })
          : Response.json(answered),
      );
    }),
  );
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: pattern, element }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, requests };
}
