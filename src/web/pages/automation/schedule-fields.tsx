import type { ComponentProps, ReactNode } from 'react';
import { LANGUAGES } from '#domain/languages';
import { FREQUENCIES, type Frequency, WEEKDAYS, type Weekday } from '#domain/recurrence';
import { Checkbox, FIELD, Input, Label } from '../../components/ui/field.tsx';
import { cn } from '../../lib/cn.ts';
import { timeZoneOptions } from '../../lib/time-zone-options.ts';
import type { FormProblems, ScheduleFormState } from './schedule-form.ts';

/** The field groups of the schedule dialog: when it runs, and the automatic share. */

export interface FieldsProps {
  id: string;
  form: ScheduleFormState;
  problems: FormProblems;
  onChange(change: Partial<ScheduleFormState>): void;
}

const SELECT = cn(FIELD, 'mt-1.5 h-11');

const FREQUENCY_LABELS: Record<Frequency, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };
const UNIT: Record<Frequency, string> = { daily: 'days', weekly: 'weeks', monthly: 'months' };
const WEEKDAY_LABELS: Record<Weekday, [short: string, long: string]> = {
  MO: ['Mon', 'Monday'],
  TU: ['Tue', 'Tuesday'],
  WE: ['Wed', 'Wednesday'],
  TH: ['Thu', 'Thursday'],
  FR: ['Fri', 'Friday'],
  SA: ['Sat', 'Saturday'],
  SU: ['Sun', 'Sunday'],
};

const CONSENT = {
  email: 'The recipient agrees to receive an email with the link and a verification code each time.',
  sms: 'The recipient agrees to receive a text message with the link and a verification code each time. Message and data rates may apply.',
} as const;

export function FieldProblem({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm text-red-700">
      {text}
    </p>
  );
}

/** A labelled field with its problem under it, wired with aria-describedby. */
export function Field({
  id,
  label,
  problem,
  hint,
  children,
}: {
  id: string;
  label: string;
  problem: string | undefined;
  hint?: string;
  children(aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }): ReactNode;
}) {
  const described = [hint ? `${id}-hint` : null, problem ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        ...(problem ? { 'aria-invalid': true } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <FieldProblem id={`${id}-error`} text={problem} />
    </div>
  );
}

type StringField = {
  [K in keyof ScheduleFormState]: ScheduleFormState[K] extends string ? K : never;
}[keyof ScheduleFormState];

interface BoundProps<K extends StringField> extends FieldsProps {
  name: K;
  label: string;
  hint?: string;
  problem?: string | undefined;
}

/** A text input bound to one string of the form (its problem under it). */
export function TextField<K extends StringField>({
  id,
  form,
  problems,
  onChange,
  name,
  label,
  hint,
  problem,
  ...input
}: BoundProps<K> & Omit<ComponentProps<'input'>, 'name' | 'id' | 'value' | 'onChange' | 'form'>) {
  return (
    <Field id={`${id}-${name}`} label={label} problem={problem ?? problems[name]} {...(hint ? { hint } : {})}>
      {(aria) => (
        <Input
          {...aria}
          {...input}
          className="mt-1.5"
          value={form[name]}
          onChange={(event) => onChange({ [name]: event.target.value } as Partial<ScheduleFormState>)}
        />
      )}
    </Field>
  );
}

/** A select bound to one string of the form. */
export function SelectField<K extends StringField>({
  id,
  form,
  problems,
  onChange,
  name,
  label,
  problem,
  options,
  placeholder,
}: BoundProps<K> & {
  options: readonly { value: string; label: string }[];
  placeholder?: string | undefined;
}) {
  return (
    <Field id={`${id}-${name}`} label={label} problem={problem ?? problems[name]}>
      {(aria) => (
        <select
          {...aria}
          className={SELECT}
          value={form[name]}
          onChange={(event) => onChange({ [name]: event.target.value } as Partial<ScheduleFormState>)}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

const FREQUENCY_OPTIONS = FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }));
const LANGUAGE_OPTIONS = LANGUAGES.map((language) => ({ value: language.code, label: language.name }));

export function RecurrenceFields(props: FieldsProps) {
  const { form } = props;
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold text-slate-900">When</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField {...props} name="frequency" label="Repeats" options={FREQUENCY_OPTIONS} />
        <TextField
          {...props}
          name="interval"
          label={`Every how many ${UNIT[form.frequency]}`}
          type="number"
          inputMode="numeric"
          min={1}
          max={52}
        />
      </div>
      {form.frequency === 'weekly' && <WeekdayChips {...props} />}
      {form.frequency === 'monthly' && (
        <TextField
          {...props}
          name="monthDay"
          label="Day of the month"
          hint="In a month without that day (the 31st in April), it runs on the month's last day."
          type="number"
          inputMode="numeric"
          min={1}
          max={31}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...props} name="time" label="Time of day" type="time" />
        <SelectField
          {...props}
          name="timezone"
          label="Time zone"
          options={timeZoneOptions(form.timezone).map((zone) => ({
            value: zone,
            label: zone.replaceAll('_', ' '),
          }))}
        />
      </div>
    </fieldset>
  );
}

function WeekdayChips({ id, form, problems, onChange }: FieldsProps) {
  const toggle = (day: Weekday) =>
    onChange({
      weekdays: form.weekdays.includes(day)
        ? form.weekdays.filter((d) => d !== day)
        : [...form.weekdays, day],
    });
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">On</legend>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {WEEKDAYS.map((day) => {
          const on = form.weekdays.includes(day);
          return (
            <button
              key={day}
              type="button"
              aria-pressed={on}
              aria-label={WEEKDAY_LABELS[day][1]}
              onClick={() => toggle(day)}
              className={cn(
                'h-11 min-w-12 rounded-full border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-500',
                on
                  ? 'border-indigo-600 bg-indigo-600 text-white'
                  : 'border-slate-300 bg-white text-slate-700',
              )}
            >
              {WEEKDAY_LABELS[day][0]}
            </button>
          );
        })}
      </div>
      <FieldProblem id={`${id}-weekdays-error`} text={problems.weekdays} />
    </fieldset>
  );
}

export function ShareFields(props: FieldsProps) {
  const { id, form, problems, onChange } = props;
  return (
    <fieldset className="space-y-4">
      <legend className="sr-only">Automatic share</legend>
      <label className="flex items-start gap-3 text-sm text-slate-800" htmlFor={`${id}-share-on`}>
        <Checkbox
          id={`${id}-share-on`}
          checked={form.shareOn}
          onChange={(event) => onChange({ shareOn: event.target.checked })}
        />
        <span>
          <span className="font-medium">Share each checklist automatically</span>
          <span className="block text-slate-600">
            The recipient gets the link and a code, as from the Share dialog.
          </span>
        </span>
      </label>
      {form.shareOn && (
        <div className="space-y-4 rounded-lg border border-slate-200 p-4">
          <div role="radiogroup" aria-label="Send by" className="flex gap-4 text-sm">
            {(['email', 'sms'] as const).map((channel) => (
              <label key={channel} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-channel`}
                  className="h-5 w-5 accent-indigo-600"
                  checked={form.channel === channel}
                  onChange={() => onChange({ channel, consent: false })}
                />
                {channel === 'email' ? 'E-mail' : 'SMS'}
              </label>
            ))}
          </div>
          {form.channel === 'email' ? (
            <TextField
              {...props}
              name="email"
              label="Recipient's email address"
              type="email"
              autoComplete="off"
              placeholder="name@example.com"
            />
          ) : (
            <TextField
              {...props}
              name="phone"
              label="Recipient's mobile number"
              hint="Include the country code, starting with +."
              type="tel"
              placeholder="+1 415 555 0132"
            />
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField {...props} name="recipientName" label="Recipient's name" />
            <SelectField {...props} name="targetLanguage" label="Their language" options={LANGUAGE_OPTIONS} />
          </div>
          <div>
            <label className="flex items-start gap-3 text-sm text-slate-800" htmlFor={`${id}-consent`}>
              <Checkbox
                id={`${id}-consent`}
                checked={form.consent}
                aria-invalid={problems.consent ? true : undefined}
                aria-describedby={problems.consent ? `${id}-consent-error` : undefined}
                onChange={(event) => onChange({ consent: event.target.checked })}
              />
              <span>{CONSENT[form.channel]}</span>
            </label>
            <FieldProblem id={`${id}-consent-error`} text={problems.consent} />
          </div>
        </div>
      )}
    </fieldset>
  );
}
