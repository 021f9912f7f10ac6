import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { describeRouteError } from './error-screen';

/** The shape the router hands the error element for an unmatched path or a thrown response. */
function routeErrorFor(status: number, statusText: string) {
  return { status, statusText, internal: true, data: `Error: No route matches URL` };
}

describe('describeRouteError', () => {
  it('recognises an outdated bundle', () => {
    expect(
      describeRouteError(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    ).toEqual({ kind: 'outdated-bundle', title: 'A New App Version is Available!' });
  });

  it('shows 404 Page Not Found for unmatched routes and 404 answers', () => {
    const expected = { kind: 'not-found', title: '404', text: 'Page Not Found' };
    expect(describeRouteError(routeErrorFor(404, 'Not Found'))).toEqual(expected);
    expect(describeRouteError(new ApiError({ kind: 'http', status: 404 }))).toEqual(expected);
  });

  it('titles other errors with the status, else the status text, else a default', () => {
    expect(describeRouteError(routeErrorFor(500, 'Internal Server Error'))).toEqual({
      kind: 'other',
      title: '500',
      detail: 'Internal Server Error',
    });
    expect(describeRouteError({ statusText: 'Service Unavailable' })).toEqual({
      kind: 'other',
      title: 'Service Unavailable',
    });
    expect(describeRouteError(new ApiError({ kind: 'network' }))).toEqual({
      kind: 'other',
      title: 'Something went wrong',
      detail: 'Network Error',
    });
    expect(describeRouteError(undefined)).toEqual({ kind: 'other', title: 'Something went wrong' });
  });
});
