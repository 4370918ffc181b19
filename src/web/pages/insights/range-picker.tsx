import { useId, useState } from 'react';
import { daysBetween, INSIGHTS_LIMITS, INSIGHTS_MESSAGES, isCalendarDate, shiftDate } from '#domain/insights';
import { Button } from '../../components/ui/button.tsx';
import { Input, Label } from '../../components/ui/field.tsx';
import type { InsightsRangeQuery } from '../../hooks/use-insights.ts';

/** The ranges a person picks: the last 7, 30 or 90 days (today included), or their own dates. */
export type RangeChoice = { preset: 7 | 30 | 90 } | { preset: 'custom'; from: string; to: string };

const PRESETS = [7, 30, 90] as const;

/**
 * What to ask the API for: the last 30 days is the server's default (counted in the team's zone); the
 * others end today on this device's calendar.
 */
export function rangeQuery(choice: RangeChoice, today: string): InsightsRangeQuery | null {
  if (choice.preset === 'custom') return { from: choice.from, to: choice.to };
  if (choice.preset === 30) return null;
  return { from: shiftDate(today, 1 - choice.preset), to: today };
}

/** Why a pair of dates cannot be asked for, or null when it can. */
export function customRangeProblem(from: string, to: string): string | null {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return INSIGHTS_MESSAGES.badDate;
  if (from > to) return INSIGHTS_MESSAGES.fromAfterTo;
  if (daysBetween(from, to) > INSIGHTS_LIMITS.maxDays) return INSIGHTS_MESSAGES.tooLong;
  return null;
}

export function RangePicker({
  choice,
  today,
  onChoose,
}: {
  choice: RangeChoice;
  today: string;
  onChoose(choice: RangeChoice): void;
}) {
  const [custom, setCustom] = useState(choice.preset === 'custom');
  const pressed = (preset: RangeChoice['preset']) => !custom && choice.preset === preset;
  return (
    <div className="grid gap-3">
      <fieldset>
        <legend className="sr-only">Range</legend>
        <div className="flex flex-wrap gap-2">
          {PRESETS.map((preset) => (
            <Button
              key={preset}
              size="sm"
              variant={pressed(preset) ? 'primary' : 'secondary'}
              aria-pressed={pressed(preset)}
              onClick={() => {
                setCustom(false);
                onChoose({ preset });
              }}
            >
              Last {preset} days
            </Button>
          ))}
          <Button
            size="sm"
            variant={custom ? 'primary' : 'secondary'}
            aria-pressed={custom}
            onClick={() => setCustom(true)}
          >
            Custom
          </Button>
        </div>
      </fieldset>
      {custom && <CustomRange choice={choice} today={today} onChoose={onChoose} />}
    </div>
  );
}

/** Two dates and 'Show': checked here as the server checks them, so a wrong pair is never sent. */
function CustomRange({
  choice,
  today,
  onChoose,
}: {
  choice: RangeChoice;
  today: string;
  onChoose(choice: RangeChoice): void;
}) {
  const id = useId();
  const [from, setFrom] = useState(choice.preset === 'custom' ? choice.from : shiftDate(today, -29));
  const [to, setTo] = useState(choice.preset === 'custom' ? choice.to : today);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const wrong = customRangeProblem(from, to);
        setProblem(wrong);
        if (!wrong) onChoose({ preset: 'custom', from, to });
      }}
    >
      <DateField id={`${id}-from`} label="From" value={from} onChange={setFrom} />
      <DateField id={`${id}-to`} label="To" value={to} onChange={setTo} />
      <Button type="submit" variant="secondary" className="h-11">
        Show
      </Button>
      <p role="alert" className="w-full text-sm text-red-700 empty:hidden">
        {problem}
      </p>
    </form>
  );
}

function DateField(props: { id: string; label: string; value: string; onChange(value: string): void }) {
  return (
    <div className="min-w-0 flex-1 basis-36">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        type="date"
        className="mt-1"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}
