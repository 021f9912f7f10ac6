import { describe, expect, it } from 'vitest';
import type { Command } from './filter-commands';
import { filterCommands, groupCommands } from './filter-commands';

const command = (label: string, group = 'Go to', extra: Partial<Command> = {}): Command => ({
  id: label,
  group,
  label,
  run: () => undefined,
  ...extra,
});

const commands = [
  command('Runs'),
  command('Scheduled Runs'),
  command('Workflows'),
  command('Switch to dark theme', 'Actions', { keywords: ['toggle theme', 'appearance'] }),
  command('greet', 'Workflows', { prefiltered: true }),
];

describe('filterCommands', () => {
  it('keeps everything, in order, for an empty query', () => {
    expect(filterCommands(commands, '  ').map((c) => c.label)).toEqual(
      commands.map((c) => c.label),
    );
  });

  it('ranks labels that start with the query first, and needs every word', () => {
    expect(filterCommands(commands, 'runs').map((c) => c.label)).toEqual([
      'Runs',
      'greet',
      'Scheduled Runs',
    ]);
    expect(filterCommands(commands, 'sched run').map((c) => c.label)).toEqual([
      'greet',
      'Scheduled Runs',
    ]);
  });

  it('finds commands by keyword and by group, case-insensitively', () => {
    expect(filterCommands(commands, 'TOGGLE').map((c) => c.label)).toContain(
      'Switch to dark theme',
    );
    expect(filterCommands(commands, 'actions').map((c) => c.label)).toEqual([
      'greet',
      'Switch to dark theme',
    ]);
  });

  it('always shows results the server already filtered', () => {
    expect(filterCommands(commands, 'zzz').map((c) => c.label)).toEqual(['greet']);
  });
});

describe('groupCommands', () => {
  it('groups in order of first appearance', () => {
    const groups = groupCommands(commands);
    expect(groups.map((g) => g.group)).toEqual(['Go to', 'Actions', 'Workflows']);
    expect(groups[0]!.items).toHaveLength(3);
  });
});
