export {
  DEFAULT_CRON_TIMEZONE,
  isKnownTimezone,
  splitCronTimezone,
  type CronString,
} from './cron-string';
export { CRON_MESSAGES, type CronValidation } from './cron-validation';
export {
  CronError,
  parseCron,
  validateCron,
  type CronSchedule,
  type DstNote,
  type FireTime,
} from './cron-schedule';
export { describeCron, type CronDescription } from './cron-description';
