// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Command } from '../utils/filter-commands';
import { CommandPaletteDialog } from './command-palette-dialog';

function Harness({ commands, onClose }: { commands: Command[]; onClose: () => void }) {
  const [query, setQuery] = useState('');
  return (
    <CommandPaletteDialog
      commands={commands}
      query={query}
      onQueryChange={setQuery}
      onClose={onClose}
    />
  );
}

const make = (label: string, group: string, run = vi.fn()): Command => ({
  id: label,
  label,
  group,
  run,
});

describe('CommandPaletteDialog', () => {
  afterEach(cleanup);

  it('is a labelled dialog with a combobox that controls a listbox of grouped options', () => {
    render(
      <Harness commands={[make('Runs', 'Go to'), make('Events', 'Go to')]} onClose={vi.fn()} />,
    );
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeTruthy();
    const input = screen.getByRole('combobox', { name: /Search commands/ });
    const list = screen.getByRole('listbox', { name: 'Commands' });
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    expect(document.activeElement).toBe(input);
    expect(screen.getByRole('group', { name: 'Go to' })).toBeTruthy();
    const [first] = screen.getAllByRole('option');
    expect(first!.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(first!.id);
  });

  it('moves with the arrow keys, wraps, and runs the active command on Enter', () => {
    const runs = vi.fn();
    const events = vi.fn();
    render(
      <Harness
        commands={[make('Runs', 'Go to', runs), make('Events', 'Go to', events)]}
        onClose={vi.fn()}
      />,
    );
    const input = screen.getByRole('combobox');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('Events');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('Runs');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(events).toHaveBeenCalledOnce();
    expect(runs).not.toHaveBeenCalled();
  });

  it('filters as you type and says when nothing matches', () => {
    render(
      <Harness commands={[make('Runs', 'Go to'), make('Events', 'Go to')]} onClose={vi.fn()} />,
    );
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'eve' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Events']);
    fireEvent.change(input, { target: { value: 'nothing here' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No matching commands.')).toBeTruthy();
  });

  it('closes on Escape', () => {
    const onClose = vi.fn();
    render(<Harness commands={[make('Runs', 'Go to')]} onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});
