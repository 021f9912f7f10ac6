/**
 * Lifetimes offered when creating a token, sent as `expiresIn` seconds strings (the values
 * the reference dashboard sends): 90 days, 365 days and 36,500 days.
 */
export const TOKEN_EXPIRY_OPTIONS = [
  { label: '3 months', expiresIn: '7776000s' },
  { label: '1 year', expiresIn: '31536000s' },
  { label: '100 years', expiresIn: '3153600000s' },
] as const;

export type TokenExpiresIn = (typeof TOKEN_EXPIRY_OPTIONS)[number]['expiresIn'];

export const DEFAULT_TOKEN_EXPIRES_IN: TokenExpiresIn = '3153600000s';

export const TOKEN_NAME_MAX = 255;

/** Client-side check of the name, the same rule the server applies. */
export function validateTokenName(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'Name is required';
  if (trimmed.length > TOKEN_NAME_MAX) return `Name must be at most ${TOKEN_NAME_MAX} characters`;
  return undefined;
}

/** The environment variable the official SDKs read the token from. */
export const TOKEN_ENV_VAR = 'HATCHET_CLIENT_TOKEN';
