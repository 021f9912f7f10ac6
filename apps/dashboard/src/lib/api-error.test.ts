import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, parseErrorBody, toFieldErrors, withoutField } from './api-error';

describe('toFieldErrors', () => {
  it('maps each field to its description', () => {
    expect(
      toFieldErrors([
        { field: 'email', description: 'Invalid email address' },
        { field: 'password', description: 'Invalid password.' },
      ]),
    ).toEqual({ email: 'Invalid email address', password: 'Invalid password.' });
  });

  it('skips items without a field and keeps the first message of a field', () => {
    expect(
      toFieldErrors([
        { description: 'general failure' },
        { field: 'slug', description: 'first' },
        { field: 'slug', description: 'second' },
        { field: '', description: 'empty field name' },
      ]),
    ).toEqual({ slug: 'first' });
  });

  it('drops one field on edit', () => {
    const errors = { email: 'bad', password: 'short' };
    expect(withoutField(errors, 'email')).toEqual({ password: 'short' });
    expect(withoutField(errors, 'name')).toBe(errors);
  });

  it('accepts a missing list', () => {
    expect(toFieldErrors(undefined)).toEqual({});
    expect(toFieldErrors(null)).toEqual({});
  });
});

describe('parseErrorBody', () => {
  it('reads the standard errors list', () => {
    const parsed = parseErrorBody({
      errors: [{ description: 'invalid credentials' }, { field: 'name', description: 'too short' }],
    });
    expect(parsed.descriptions).toEqual(['invalid credentials', 'too short']);
    expect(parsed.errors).toHaveLength(2);
  });

  it('reads a bare error item and a middleware message', () => {
    expect(parseErrorBody({ description: 'max pending invites reached' }).descriptions).toEqual([
      'max pending invites reached',
    ]);
    expect(parseErrorBody({ message: 'Please provide valid credentials' }).descriptions).toEqual([
      'Please provide valid credentials',
    ]);
  });

  it('tolerates empty, null and text bodies', () => {
    expect(parseErrorBody(undefined).descriptions).toEqual([]);
    expect(parseErrorBody(null).descriptions).toEqual([]);
    expect(parseErrorBody('Bad Gateway').descriptions).toEqual(['Bad Gateway']);
    expect(parseErrorBody({ errors: [{ nope: 1 }] }).descriptions).toEqual([]);
  });
});

describe('ApiError', () => {
  it('carries status, text, field errors and descriptions', () => {
    const error = new ApiError({
      kind: 'http',
      status: 400,
      statusText: 'Bad Request',
      errors: [{ field: 'slug', description: 'Tenant with that slug already exists.' }],
      descriptions: ['Tenant with that slug already exists.'],
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(400);
    expect(error.statusText).toBe('Bad Request');
    expect(error.fieldErrors).toEqual({ slug: 'Tenant with that slug already exists.' });
    expect(error.hasFieldErrors).toBe(true);
    expect(error.message).toBe('Tenant with that slug already exists.');
  });

  it('names transport failures with the spec messages', () => {
    expect(new ApiError({ kind: 'network' }).message).toBe('Network Error');
    expect(new ApiError({ kind: 'aborted' }).message).toBe('request aborted');
    expect(new ApiError({ kind: 'timeout' }).message).toBe('timeout exceeded');
    expect(new ApiError({ kind: 'unsupported-protocol' }).message).toBe('unsupported protocol');
  });

  it('treats 401 and 403 as signed out', () => {
    expect(new ApiError({ kind: 'http', status: 401 }).isUnauthenticated).toBe(true);
    expect(new ApiError({ kind: 'http', status: 403 }).isUnauthenticated).toBe(true);
    expect(new ApiError({ kind: 'http', status: 404 }).isUnauthenticated).toBe(false);
  });
});

describe('errorMessage', () => {
  it('hides server internals on 5xx', () => {
    const error = new ApiError({ kind: 'http', status: 500, descriptions: ['pg: boom'] });
    expect(errorMessage(error)).toBe('An internal error occurred.');
  });

  it('uses the server words otherwise', () => {
    const error = new ApiError({
      kind: 'http',
      status: 400,
      descriptions: ['invalid credentials'],
    });
    expect(errorMessage(error)).toBe('invalid credentials');
    expect(errorMessage(new Error('plain'))).toBe('plain');
    expect(errorMessage('???')).toBe('An internal error occurred.');
  });
});
