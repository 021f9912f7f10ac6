import type { ReactNode } from 'react';
import type { JsonText } from '@/hooks/use-json-text';
import { Field } from './field';
import { Textarea } from './textarea';

/**
 * A labelled JSON-object input that says what is wrong with the text as it is typed (the
 * parse message), or shows the server's message for the field.
 */
export function JsonField({
  label,
  field,
  hint,
  error,
  rows = 5,
  disabled,
  className,
}: {
  label: ReactNode;
  field: JsonText;
  hint?: ReactNode;
  /** The server's message for this field; the parse message comes first. */
  error?: string | undefined;
  rows?: number;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Field
      label={label}
      hint={hint}
      error={field.parsed.ok ? error : field.parsed.message}
      className={className}
    >
      <Textarea
        rows={rows}
        value={field.text}
        disabled={disabled}
        onChange={(event) => field.setText(event.target.value)}
      />
    </Field>
  );
}
