import { describe, expect, it, vi } from 'vitest';
import { TENANT_NAVIGATION } from '@/config/navigation';
import { screenCommands } from './command-palette';

describe('screenCommands', () => {
  it('lists every screen of the sidebar once, settings pages prefixed, with their g shortcut', () => {
    const go = vi.fn();
    const commands = screenCommands(go);
    const targets = new Set(
      TENANT_NAVIGATION.flatMap((group) =>
        group.items.flatMap((item) => [item.to, ...(item.children ?? []).map((c) => c.to)]),
      ),
    );
    expect(commands.map((command) => command.id)).toEqual([...targets].map((to) => `screen:${to}`));
    const byLabel = Object.fromEntries(commands.map((command) => [command.label, command]));
    expect(byLabel['Runs']?.hint).toBe('g r');
    expect(byLabel['Workflows']?.hint).toBe('g w');
    expect(byLabel['Workers']?.hint).toBe('g k');
    expect(byLabel['Events']?.hint).toBe('g e');
    expect(byLabel['Settings: API Tokens']?.hint).toBeUndefined();
    expect(byLabel['Webhook Workers']).toBeTruthy();
    byLabel['Settings: Members']!.run();
    expect(go).toHaveBeenCalledWith('tenant-settings/members');
  });
});
