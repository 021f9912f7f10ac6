/** One row of the command palette. */
export interface Command {
  id: string;
  group: string;
  label: string;
  /** Words that also find it (e.g. "dark", "light" for the theme). */
  keywords?: readonly string[];
  /** Short text on the right: a shortcut or a kind. */
  hint?: string;
  /** Already filtered by the server (e.g. workflows by name): always shown. */
  prefiltered?: boolean;
  run: () => void;
}

/**
 * How well a command matches the query: every word of the query must occur in its label,
 * group or keywords. A label that starts with the query ranks first. Undefined: no match.
 */
export function scoreCommand(command: Command, query: string): number | undefined {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 || command.prefiltered) return 0;
  const label = command.label.toLowerCase();
  const haystack = [label, command.group.toLowerCase(), ...(command.keywords ?? [])]
    .join(' ')
    .toLowerCase();
  if (!words.every((word) => haystack.includes(word))) return undefined;
  const whole = words.join(' ');
  if (label.startsWith(whole)) return 0;
  if (label.includes(whole)) return 1;
  return 2;
}

/** The commands that match, best first, keeping the given order among equals. */
export function filterCommands(commands: readonly Command[], query: string): Command[] {
  return commands
    .map((command, index) => ({ command, index, score: scoreCommand(command, query) }))
    .filter(
      (entry): entry is { command: Command; index: number; score: number } =>
        entry.score !== undefined,
    )
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((entry) => entry.command);
}

/** Commands grouped under their heading, groups in the order they first appear. */
export function groupCommands(commands: readonly Command[]): { group: string; items: Command[] }[] {
  const groups: { group: string; items: Command[] }[] = [];
  for (const command of commands) {
    const found = groups.find((entry) => entry.group === command.group);
    if (found) found.items.push(command);
    else groups.push({ group: command.group, items: [command] });
  }
  return groups;
}
