import { useErrorParamToast } from '@/hooks/use-error-param-toast';

const PREFIX = 'Could not add the Slack webhook: ';

/** The Slack install comes back to the Alerting page, with `?error=...` when it failed. */
export function useSlackInstallError(): void {
  useErrorParamToast('Could not add the Slack webhook', (error) => {
    const reason = error.startsWith(PREFIX) ? error.slice(PREFIX.length) : error;
    return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}`;
  });
}
