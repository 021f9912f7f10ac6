/**
 * Client-side checks for the sign-in and sign-up forms. They mirror the server's rules so
 * users learn about a mistake before the round trip; the server stays the authority.
 */

export const PASSWORD_RULE_MESSAGE =
  'Passwords must be between 8 and 64 characters in length, contain an upper and lowercase letter, and contain at least one number.';

export function validateEmail(email: string): string | undefined {
  const value = email.trim();
  if (value === '') return 'Enter your email address.';
  if (!/^[^\s@]+@[^\s@]+$/.test(value)) return 'Enter a valid email address.';
  return undefined;
}

/** The server's password rule: 8-64 characters, an upper-case and a lower-case letter, a digit. */
export function validateNewPassword(password: string): string | undefined {
  if (password === '') return 'Enter a password.';
  const ok =
    password.length >= 8 &&
    password.length <= 64 &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[0-9]/.test(password);
  return ok ? undefined : PASSWORD_RULE_MESSAGE;
}

export function validatePassword(password: string): string | undefined {
  return password === '' ? 'Enter your password.' : undefined;
}

export function validateName(name: string): string | undefined {
  const value = name.trim();
  if (value === '') return 'Enter your name.';
  if (value.length > 255) return 'Names can be at most 255 characters long.';
  return undefined;
}
