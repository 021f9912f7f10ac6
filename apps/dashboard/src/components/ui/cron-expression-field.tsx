import { cronVerdict, runsText } from '@/lib/cron-verdict';
import { Field } from './field';
import { Input } from './input';

/**
 * A cron expression input that says, as it is typed, what the cron does ("Runs every minute
 * (UTC)") or the spec's message for what is wrong with it. A server message for the field
 * shows once the text itself is valid.
 */
export function CronExpressionField({
  value,
  onChange,
  error,
  label = 'Cron Expression',
}: {
  value: string;
  onChange: (value: string) => void;
  /** The server's message for the field. */
  error?: string | undefined;
  label?: string;
}) {
  const verdict = cronVerdict(value);
  return (
    <Field
      label={label}
      error={verdict.valid ? error : verdict.message}
      hint={
        verdict.valid ? (
          <span data-testid="cron-description">
            {runsText(verdict.description)}{' '}
            <span className="whitespace-nowrap">({verdict.timezone})</span>
          </span>
        ) : undefined
      }
    >
      <Input
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="* * * * *"
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
      />
    </Field>
  );
}
