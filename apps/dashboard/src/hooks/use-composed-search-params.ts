import { useMemo, useState } from 'react';
import { createSearchParams, useSearchParams } from 'react-router';
import type { SetURLSearchParams } from 'react-router';

/**
 * `useSearchParams` for state kept in the URL that the user changes by hand. React Router
 * renders new search params only once the navigation they start has finished, so a
 * controlled checkbox snapped back until then, and a functional update got the params of the
 * last render, so a second quick change dropped the first. Here the params an update asks
 * for are returned at once, and each update starts from the previous one's, until the URL
 * catches up (a navigation from elsewhere, such as the back button, wins over them).
 */
export function useComposedSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [searchParams, setSearchParams] = useSearchParams();
  const url = searchParams.toString();
  const [tracked, setTracked] = useState({ url, inFlight: [] as string[] });
  if (tracked.url !== url) {
    // The URL moved: drop the updates it reached (all of them if it came from elsewhere).
    const reached = tracked.inFlight.indexOf(url);
    setTracked({ url, inFlight: reached === -1 ? [] : tracked.inFlight.slice(reached + 1) });
  }
  const latest = tracked.inFlight.at(-1);
  const current = useMemo(
    () => (latest === undefined ? searchParams : new URLSearchParams(latest)),
    [latest, searchParams],
  );
  const update: SetURLSearchParams = (next, options) => {
    const params = createSearchParams(typeof next === 'function' ? next(current) : next);
    setTracked((state) => ({ ...state, inFlight: [...state.inFlight, params.toString()] }));
    setSearchParams(params, options);
  };
  return [current, update];
}
