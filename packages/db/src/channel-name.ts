const channelNamePattern = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * `LISTEN name` folds an unquoted name to lower case while `pg_notify('Name', ...)` does not,
 * so a mixed-case channel would silently never fire. Allowing only names that read the same
 * both ways, and fit PostgreSQL's 63-byte identifiers, rules that out and makes quoting moot.
 */
export function assertChannelName(channel: string): void {
  if (!channelNamePattern.test(channel)) {
    throw new Error(
      `Invalid notification channel "${channel}": use a lower-case SQL identifier ` +
        '(letters, digits and underscores, not starting with a digit, at most 63 characters).',
    );
  }
}
