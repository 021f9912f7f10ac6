import type { FieldErrors } from '@/lib/api-error';

/** The longest URL and name the form takes (the server's limit too). */
export const WEBHOOK_WORKER_FIELD_MAX = 255;

/** The create form's checks before it is sent; the server checks the same and more. */
export function validateWebhookWorkerForm(form: { url: string; name: string }): FieldErrors {
  const errors: FieldErrors = {};
  const url = form.url.trim();
  if (url === '') errors['url'] = 'URL is required';
  else if (!isHttpUrl(url)) errors['url'] = 'Enter a valid http or https URL';
  else if (url.length > WEBHOOK_WORKER_FIELD_MAX)
    errors['url'] = `URL must be at most ${WEBHOOK_WORKER_FIELD_MAX} characters`;
  if (form.name.trim().length > WEBHOOK_WORKER_FIELD_MAX)
    errors['name'] = `Name must be at most ${WEBHOOK_WORKER_FIELD_MAX} characters`;
  return errors;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
