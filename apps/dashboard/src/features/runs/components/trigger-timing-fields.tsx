import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CronExpressionField } from '@/components/ui/cron-expression-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { TimeZoneNote } from '@/components/ui/time-zone-note';
import { useTimeZone } from '@/hooks/use-time-zone';
import { fromLocalInput, toLocalInput } from '@/lib/local-datetime';
import { DEFAULT_CRON_EXPRESSION, QUICK_ADDS, addToTime } from '../utils/trigger-timing';
import type { Timing, TimingValues } from '../utils/trigger-timing';

export interface TimingFieldsState {
  values: TimingValues;
  triggerAtText: string;
  setTriggerAtText: (text: string) => void;
  setCronName: (name: string) => void;
  setCronExpression: (expression: string) => void;
}

/**
 * The Schedule and Cron tabs' fields: a time (now when the dialog opens), a cron. The time is
 * the input's text, read in the user's time zone.
 */
export function useTimingFields(): TimingFieldsState {
  const timeZone = useTimeZone();
  const [triggerAtText, setTriggerAtText] = useState(() =>
    toLocalInput(new Date().toISOString(), timeZone),
  );
  const [cronName, setCronName] = useState('');
  const [cronExpression, setCronExpression] = useState(DEFAULT_CRON_EXPRESSION);
  return {
    values: { triggerAt: fromLocalInput(triggerAtText, timeZone), cronName, cronExpression },
    triggerAtText,
    setTriggerAtText,
    setCronName,
    setCronExpression,
  };
}

/**
 * Schedule: "Trigger at" in the user's time zone, a "Now" reset and quick-add buttons.
 * Cron: its name and expression, which says what it does (or what is wrong) as it is typed.
 */
export function TimingFields({ timing, fields }: { timing: Timing; fields: TimingFieldsState }) {
  const timeZone = useTimeZone();
  if (timing === 'now') {
    return (
      <p className="text-[13px] text-muted-foreground">
        The run starts as soon as you submit, and its page opens.
      </p>
    );
  }
  if (timing === 'schedule') {
    const add = (ms: number) =>
      fields.setTriggerAtText(
        toLocalInput(addToTime(fields.values.triggerAt, ms, new Date()).toISOString(), timeZone),
      );
    return (
      <div className="grid gap-2">
        <p className="text-[13px] font-medium">Select Date and Time</p>
        <div className="flex flex-wrap items-end gap-2">
          <Field label="Trigger at" hint={<TimeZoneNote />} className="min-w-0 flex-1 basis-56">
            <Input
              type="datetime-local"
              step={1}
              value={fields.triggerAtText}
              onChange={(event) => fields.setTriggerAtText(event.target.value)}
            />
          </Field>
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              fields.setTriggerAtText(toLocalInput(new Date().toISOString(), timeZone))
            }
          >
            <RotateCcw aria-hidden="true" />
            Now
          </Button>
        </div>
        <div className="flex flex-wrap gap-1.5" role="group" aria-label="Add to the time">
          {QUICK_ADDS.map((step) => (
            <Button
              key={step.label}
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => add(step.ms)}
            >
              {step.label}
            </Button>
          ))}
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <Field label="Cron Name">
        <Input
          value={fields.values.cronName}
          placeholder="cron-name"
          autoComplete="off"
          onChange={(event) => fields.setCronName(event.target.value)}
        />
      </Field>
      <CronExpressionField
        value={fields.values.cronExpression}
        onChange={fields.setCronExpression}
      />
    </div>
  );
}
