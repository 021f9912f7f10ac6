import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { reportApiError } from './report-api-error';
import * as toasts from './use-toast';

const badRequest = (errors: Array<{ field?: string; description: string }>) =>
  new ApiError({
    kind: 'http',
    status: 400,
    statusText: 'Bad Request',
    errors,
    descriptions: errors.map((item) => item.description),
  });

describe('reportApiError', () => {
  afterEach(() => toasts.dismissToast());

  it('puts field messages under the form, without a toast', () => {
    const toast = vi.spyOn(toasts, 'toast');
    const onFieldErrors = vi.fn();
    reportApiError(badRequest([{ field: 'email', description: 'Invalid email address' }]), {
      onFieldErrors,
    });
    expect(onFieldErrors).toHaveBeenCalledWith({ email: 'Invalid email address' });
    expect(toast).not.toHaveBeenCalled();
  });

  it('toasts messages for fields the form does not show', () => {
    const toast = vi.spyOn(toasts, 'toast');
    const onFieldErrors = vi.fn();
    reportApiError(
      badRequest([
        { field: 'email', description: 'Invalid email address' },
        { field: 'canViewPayloads', description: 'Expected boolean' },
      ]),
      { onFieldErrors, fields: ['email', 'role'], title: 'Could not invite' },
    );
    expect(onFieldErrors).toHaveBeenCalledWith({ email: 'Invalid email address' });
    expect(toast).toHaveBeenCalledWith({
      title: 'Could not invite',
      description: 'Expected boolean',
      variant: 'destructive',
    });
  });

  it('toasts errors without fields, and 5xx as an internal error', () => {
    const toast = vi.spyOn(toasts, 'toast');
    const onFieldErrors = vi.fn();
    reportApiError(badRequest([{ description: 'you cannot change your own role' }]), {
      onFieldErrors,
    });
    reportApiError(new ApiError({ kind: 'http', status: 503, descriptions: ['db down'] }));
    expect(onFieldErrors).not.toHaveBeenCalled();
    expect(toast.mock.calls.map(([input]) => input.description)).toEqual([
      'you cannot change your own role',
      'An internal error occurred.',
    ]);
  });
});
