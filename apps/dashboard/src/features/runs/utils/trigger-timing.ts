/**
 * The timing tabs of Trigger Run (reference 5.3): now, once at a time, or on a cron
 * schedule; what must be filled in for each, and the quick-add steps of the time picker.
 */
import { cronVerdict } from '@/lib/cron-verdict';

export type Timing = 'now' | 'schedule' | 'cron';

export const TIMING_TABS: readonly { value: Timing; label: string }[] = [
  { value: 'now', label: 'Now' },
  { value: 'schedule', label: 'Schedule' },
  { value: 'cron', label: 'Cron' },
];

export const DEFAULT_CRON_EXPRESSION = '* * * * *';

/** Added to the picked time by the quick-add buttons. */
export const QUICK_ADDS: readonly { label: string; ms: number }[] = [
  { label: '+15s', ms: 15_000 },
  { label: '+1m', ms: 60_000 },
  { label: '+5m', ms: 300_000 },
  { label: '+15m', ms: 900_000 },
  { label: '+60m', ms: 3_600_000 },
];

export interface TimingValues {
  /** The picked time as an ISO instant; undefined while the picker is empty or invalid. */
  triggerAt: string | undefined;
  cronName: string;
  cronExpression: string;
}

/** What stops the chosen timing from being sent, as lines under the button. */
export function timingProblems(timing: Timing, values: TimingValues): string[] {
  if (timing === 'schedule') return values.triggerAt ? [] : ['Select a date and time.'];
  if (timing === 'cron') {
    const problems: string[] = [];
    if (values.cronName.trim() === '') problems.push('Enter a cron name.');
    const verdict = cronVerdict(values.cronExpression);
    if (!verdict.valid) problems.push(verdict.message);
    return problems;
  }
  return [];
}

export function timingSubmitLabel(timing: Timing): string {
  return timing === 'now' ? 'Run now' : timing === 'schedule' ? 'Schedule run' : 'Create cron job';
}

/** `ms` after the picked time, or after `now` when nothing valid is picked. */
export function addToTime(picked: string | undefined, ms: number, now: Date): Date {
  const base = picked ? new Date(picked) : now;
  return new Date(base.getTime() + ms);
}
