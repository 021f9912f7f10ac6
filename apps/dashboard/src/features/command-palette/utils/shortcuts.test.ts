// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { KeyPress } from './shortcuts';
import { createShortcutHandler, isPaletteKey, isTypingTarget } from './shortcuts';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: document.body,
  ...extra,
});

describe('isTypingTarget', () => {
  it('is true in text fields, text areas, selects and editable content', () => {
    const input = document.createElement('input');
    const search = Object.assign(document.createElement('input'), { type: 'search' });
    const textarea = document.createElement('textarea');
    const select = document.createElement('select');
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    const inside = document.createElement('span');
    editable.append(inside);
    document.body.append(editable);
    for (const element of [input, search, textarea, select, inside]) {
      expect(isTypingTarget(element)).toBe(true);
    }
    editable.remove();
  });

  it('is false on buttons, checkboxes and the page', () => {
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    expect(isTypingTarget(checkbox)).toBe(false);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('isPaletteKey', () => {
  it('takes Ctrl-K and Cmd-K, not K alone or Ctrl-Alt-K', () => {
    expect(isPaletteKey(press('k', { ctrlKey: true }))).toBe(true);
    expect(isPaletteKey(press('K', { metaKey: true }))).toBe(true);
    expect(isPaletteKey(press('k'))).toBe(false);
    expect(isPaletteKey(press('k', { ctrlKey: true, altKey: true }))).toBe(false);
  });
});

describe('createShortcutHandler', () => {
  it('opens the palette with Ctrl-K, even from a text field', () => {
    const handle = createShortcutHandler();
    const input = document.createElement('input');
    expect(handle(press('k', { ctrlKey: true, target: input }), 0)).toEqual({ kind: 'palette' });
  });

  it('opens the shortcuts list with ?', () => {
    expect(createShortcutHandler()(press('?', { shiftKey: true }), 0)).toEqual({ kind: 'help' });
  });

  it('goes to a screen with g then a letter', () => {
    const handle = createShortcutHandler();
    expect(handle(press('g'), 0)).toBeUndefined();
    expect(handle(press('w'), 100)).toEqual({ kind: 'go', to: 'workflows' });
    expect(handle(press('g'), 200)).toBeUndefined();
    expect(handle(press('r'), 300)).toEqual({ kind: 'go', to: 'runs' });
    expect(handle(press('g'), 400)).toBeUndefined();
    expect(handle(press('k'), 500)).toEqual({ kind: 'go', to: 'workers' });
    expect(handle(press('g'), 600)).toBeUndefined();
    expect(handle(press('e'), 700)).toEqual({ kind: 'go', to: 'events' });
  });

  it('forgets the g after the timeout, after another key, or on an unknown letter', () => {
    const handle = createShortcutHandler(1_000);
    handle(press('g'), 0);
    expect(handle(press('w'), 1_500)).toBeUndefined();
    handle(press('g'), 2_000);
    expect(handle(press('x'), 2_100)).toBeUndefined();
    expect(handle(press('w'), 2_200)).toBeUndefined();
    expect(handle(press('w'), 2_300)).toBeUndefined();
  });

  it('never fires plain keys while typing or with a modifier held', () => {
    const handle = createShortcutHandler();
    const textarea = document.createElement('textarea');
    expect(handle(press('?', { target: textarea }), 0)).toBeUndefined();
    expect(handle(press('g', { target: textarea }), 0)).toBeUndefined();
    expect(handle(press('w', { target: textarea }), 10)).toBeUndefined();
    // A g typed in a field does not arm a sequence for the next key outside it.
    expect(handle(press('w'), 20)).toBeUndefined();
    handle(press('g'), 30);
    expect(handle(press('w', { ctrlKey: true }), 40)).toBeUndefined();
    expect(handle(press('?', { altKey: true }), 50)).toBeUndefined();
    expect(handle(press('?', { isComposing: true }), 60)).toBeUndefined();
  });
});
