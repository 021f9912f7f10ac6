import type { StatusTone } from '@/lib/status';

export interface HealthCheckStyle {
  label: string;
  tone: StatusTone;
  message: string;
}

/**
 * What a request's status code tells the user (reference dashboard 4.4); 0 is the server's
 * "no answer came" (refused connection, unknown host, timeout).
 */
export function healthCheckStyle(statusCode: number): HealthCheckStyle {
  if (statusCode >= 200 && statusCode < 300) {
    return {
      label: `${statusCode} OK`,
      tone: 'green',
      message: 'The worker answered: it can receive runs.',
    };
  }
  if (statusCode === 401) {
    return {
      label: '401 Unauthorized',
      tone: 'red',
      message: 'The signature did not match: check the secret the worker uses.',
    };
  }
  if (statusCode === 403 || statusCode === 404) {
    return {
      label: `${statusCode} ${statusCode === 403 ? 'Forbidden' : 'Not Found'}`,
      tone: 'red',
      message: 'Check the path of the worker’s URL.',
    };
  }
  if (statusCode === 0 || statusCode === 502) {
    return {
      label: statusCode === 0 ? 'No answer' : '502 Bad Gateway',
      tone: 'red',
      message: 'Check the domain and that the worker’s server is running.',
    };
  }
  if (statusCode >= 500) {
    return {
      label: `${statusCode} Error`,
      tone: 'red',
      message: 'The worker failed: see its logs.',
    };
  }
  return { label: String(statusCode), tone: 'red', message: 'The worker refused the request.' };
}
