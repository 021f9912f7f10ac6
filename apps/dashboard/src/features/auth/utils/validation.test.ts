import { describe, expect, it } from 'vitest';
import {
  PASSWORD_RULE_MESSAGE,
  validateEmail,
  validateName,
  validateNewPassword,
  validatePassword,
} from './validation';

describe('validateNewPassword', () => {
  it('accepts 8 to 64 characters with upper, lower and a digit', () => {
    expect(validateNewPassword('Passw0rd')).toBeUndefined();
    expect(validateNewPassword(`Aa1${'x'.repeat(61)}`)).toBeUndefined();
  });

  it('rejects anything else with the rule', () => {
    expect(validateNewPassword('Pass0rd')).toBe(PASSWORD_RULE_MESSAGE); // 7 characters
    expect(validateNewPassword(`Aa1${'x'.repeat(62)}`)).toBe(PASSWORD_RULE_MESSAGE); // 65
    expect(validateNewPassword('password1')).toBe(PASSWORD_RULE_MESSAGE); // no upper
    expect(validateNewPassword('PASSWORD1')).toBe(PASSWORD_RULE_MESSAGE); // no lower
    expect(validateNewPassword('Password')).toBe(PASSWORD_RULE_MESSAGE); // no digit
  });

  it('asks for a password when empty', () => {
    expect(validateNewPassword('')).toBe('Enter a password.');
  });
});

describe('other fields', () => {
  it('checks emails loosely', () => {
    expect(validateEmail('ada@example.com')).toBeUndefined();
    expect(validateEmail('admin@localhost')).toBeUndefined();
    expect(validateEmail('')).toBe('Enter your email address.');
    expect(validateEmail('ada')).toBe('Enter a valid email address.');
    expect(validateEmail('a b@c.d')).toBe('Enter a valid email address.');
  });

  it('requires a name and a sign-in password', () => {
    expect(validateName('  ')).toBe('Enter your name.');
    expect(validateName('Ada')).toBeUndefined();
    expect(validatePassword('')).toBe('Enter your password.');
    expect(validatePassword('x')).toBeUndefined();
  });
});
