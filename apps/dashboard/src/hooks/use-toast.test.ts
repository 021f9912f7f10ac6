import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, toastReducer } from './use-toast';
import type { ToastItem } from './use-toast';

const item = (id: string, extra: Partial<ToastItem> = {}): ToastItem => ({
  id,
  title: `toast ${id}`,
  open: true,
  ...extra,
});

describe('toastReducer', () => {
  it('shows one toast at a time: a new toast replaces the old', () => {
    expect(TOAST_LIMIT).toBe(1);
    let state = toastReducer({ toasts: [] }, { type: 'add', toast: item('1') });
    state = toastReducer(state, { type: 'add', toast: item('2') });
    expect(state.toasts.map((toast) => toast.id)).toEqual(['2']);
  });

  it('updates a toast in place', () => {
    const state = toastReducer(
      { toasts: [item('1')] },
      { type: 'update', toast: { id: '1', title: 'changed' } },
    );
    expect(state.toasts[0]).toMatchObject({ id: '1', title: 'changed', open: true });
  });

  it('dismisses by closing, not removing', () => {
    const one = toastReducer({ toasts: [item('1')] }, { type: 'dismiss', id: '1' });
    expect(one.toasts).toEqual([item('1', { open: false })]);
    const all = toastReducer({ toasts: [item('1')] }, { type: 'dismiss' });
    expect(all.toasts[0]?.open).toBe(false);
  });

  it('removes one toast or all of them', () => {
    expect(toastReducer({ toasts: [item('1')] }, { type: 'remove', id: '1' }).toasts).toEqual([]);
    expect(toastReducer({ toasts: [item('1')] }, { type: 'remove', id: '9' }).toasts).toHaveLength(
      1,
    );
    expect(toastReducer({ toasts: [item('1')] }, { type: 'remove' }).toasts).toEqual([]);
  });
});
