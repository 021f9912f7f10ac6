/**
 * A controllable `window.matchMedia` for jsdom (which has none). Understands the two query
 * forms the dashboard uses: `(min-width: Npx)` and `(prefers-color-scheme: dark)`.
 */
type Listener = (event: MediaQueryListEvent) => void;

export function installMatchMedia(initial: { width: number; prefersDark: boolean }) {
  const state = { ...initial };
  const lists = new Set<{ query: string; listeners: Set<Listener> }>();

  const evaluate = (query: string): boolean => {
    const minWidth = /\(min-width:\s*(\d+)px\)/.exec(query);
    if (minWidth) return state.width >= Number(minWidth[1]);
    if (query.includes('prefers-color-scheme: dark')) return state.prefersDark;
    return false;
  };

  window.matchMedia = (query: string) => {
    const entry = { query, listeners: new Set<Listener>() };
    lists.add(entry);
    return {
      get matches() {
        return evaluate(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
      addListener: (listener: Listener) => entry.listeners.add(listener),
      removeListener: (listener: Listener) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };

  const notify = () => {
    for (const entry of lists) {
      const event = { matches: evaluate(entry.query), media: entry.query } as MediaQueryListEvent;
      entry.listeners.forEach((listener) => listener(event));
    }
  };

  return {
    setWidth(width: number) {
      state.width = width;
      notify();
    },
    setPrefersDark(prefersDark: boolean) {
      state.prefersDark = prefersDark;
      notify();
    },
  };
}
