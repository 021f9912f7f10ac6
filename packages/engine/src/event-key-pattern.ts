/**
 * Event trigger patterns. A workflow's event trigger matches an event key the way the reference
 * matches it: as a SQL LIKE pattern after `*` becomes `%`. So `*` and `%` match any run of
 * characters, `_` matches exactly one, `\` makes the next character literal, and everything else
 * matches itself (case-sensitively). Keys are matched in memory, so the pattern becomes an
 * anchored regular expression once and is kept with the tenant's routes.
 */
export function eventKeyPattern(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '\\' && i + 1 < pattern.length) {
      source += escapeRegExp(pattern[++i]!);
    } else if (char === '*' || char === '%') {
      // Runs of wildcards are one wildcard: `.*.*` would backtrack for nothing.
      if (!source.endsWith('.*')) source += '.*';
    } else if (char === '_') {
      source += '.';
    } else {
      source += escapeRegExp(char);
    }
  }
  return new RegExp(`^${source}$`, 's');
}

function escapeRegExp(char: string): string {
  return /[\\^$.*+?()[\]{}|/-]/.test(char) ? `\\${char}` : char;
}
