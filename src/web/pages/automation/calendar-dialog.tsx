import { type ComponentProps, type FormEvent, useEffect, useMemo, useState } from 'react';
import type { CalendarDetail } from '#domain/calendars-response';
import { LanguageSelect } from '../../components/share-dialog/language-select.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ModalDialog } from '../../components/ui/dialog.tsx';
import { Checkbox, Input, Label } from '../../components/ui/field.tsx';
import { useSubscription } from '../../hooks/use-checklists.ts';
import { useTemplates } from '../../hooks/use-templates.ts';
import { getPublicConfig } from '../../lib/public-config.ts';
import {
  browserTimeZone,
  type CalendarForm,
  calendarBody,
  editCalendarForm,
  newCalendarForm,
  sampleCalendarUrl,
} from './calendar-form.ts';

const SELECT =
  'mt-1.5 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-indigo-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-200';

function timeZones(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = (Intl as unknown as { supportedValuesOf(key: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return [...new Set([current, browserTimeZone(), 'UTC', ...zones])].sort();
}

/** 'Add a calendar' and 'Edit calendar': the form; `onSave` sends it and answers an error or null. */
export function CalendarDialog({
  open,
  onOpenChange,
  editing,
  onSave,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  editing: CalendarDetail | null;
  onSave(body: ReturnType<typeof calendarBody> & { ok: true }): Promise<string | null>;
}) {
  const [form, setForm] = useState<CalendarForm>(newCalendarForm);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const templates = useTemplates(open);
  const plan = useSubscription().data;

  useEffect(() => {
    if (open) {
      setForm(editing ? editCalendarForm(editing) : newCalendarForm());
      setProblem(null);
    }
  }, [open, editing]);

  const change = (patch: Partial<CalendarForm>) => setForm((current) => ({ ...current, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = calendarBody(form, editing);
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setPending(true);
    setProblem(await onSave(checked));
    setPending(false);
  }

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={pending}
      title={editing ? 'Edit calendar' : 'Add a calendar'}
      description="Each reservation becomes a turnover checklist, due before the next guest arrives."
      className="sm:max-w-lg"
    >
      <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <CalendarFields form={form} change={change} editing={editing} templates={templates.data} />
        <ShareFields form={form} change={change} editing={editing} plan={plan} />
        {problem && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {problem}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
            {editing ? 'Save calendar' : 'Add calendar'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

interface FieldsProps {
  form: CalendarForm;
  change(patch: Partial<CalendarForm>): void;
  editing: CalendarDetail | null;
}

/** Name, address, template, zone and times. */
function CalendarFields({
  form,
  change,
  editing,
  templates,
}: FieldsProps & { templates: { id: string; name: string }[] | undefined }) {
  const zones = useMemo(() => timeZones(form.timezone), [form.timezone]);
  return (
    <>
      <NameAndAddress form={form} change={change} editing={editing} />
      <div>
        <Label htmlFor="calendar-template">Turnover template</Label>
        <select
          id="calendar-template"
          className={SELECT}
          value={form.templateId}
          onChange={(event) => change({ templateId: event.target.value })}
        >
          {(templates ?? [{ id: form.templateId, name: 'Short-stay turnover' }]).map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor="calendar-zone">Property’s time zone</Label>
        <select
          id="calendar-zone"
          className={SELECT}
          value={form.timezone}
          onChange={(event) => change({ timezone: event.target.value })}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
      </div>
      <TimeFields form={form} change={change} />
    </>
  );
}

function NameAndAddress({ form, change, editing }: FieldsProps) {
  const hiddenUrl = editing !== null && !editing.urlVisible;
  return (
    <>
      <LabelledInput
        id="calendar-name"
        label="Name"
        value={form.name}
        placeholder="Beach House"
        maxLength={80}
        onChange={(event) => change({ name: event.target.value })}
      />
      <div>
        <Label htmlFor="calendar-url">iCal address</Label>
        <Input
          id="calendar-url"
          className="mt-1.5"
          type="url"
          inputMode="url"
          value={form.icsUrl}
          placeholder={hiddenUrl ? 'Unchanged (only its owner sees it)' : 'https://…/calendar.ics'}
          aria-describedby="calendar-url-help"
          onChange={(event) => change({ icsUrl: event.target.value })}
        />
        <p id="calendar-url-help" className="mt-1.5 text-sm text-slate-600">
          Airbnb: Calendar → Availability → Export calendar. Vrbo: Calendar → Import &amp; export.
          Booking.com: Rates &amp; availability → Sync calendars. The address holds a secret of your listing:
          only you, the team’s owner and admins see it whole.
        </p>
        {getPublicConfig().localMode && !editing && (
          <Button
            type="button"
            variant="subtle"
            size="sm"
            className="mt-1"
            onClick={() =>
              change({
                icsUrl: sampleCalendarUrl(window.location),
                name: form.name || 'Sample listing',
              })
            }
          >
            Use a sample calendar
          </Button>
        )}
      </div>
    </>
  );
}

function TimeFields({ form, change }: Omit<FieldsProps, 'editing'>) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <LabelledInput
        id="calendar-checkout"
        label="Checkout time"
        type="time"
        value={form.checkoutTime}
        onChange={(event) => change({ checkoutTime: event.target.value })}
      />
      <LabelledInput
        id="calendar-checkin"
        label="Check-in time"
        type="time"
        value={form.checkinTime}
        aria-describedby="calendar-times-help"
        onChange={(event) => change({ checkinTime: event.target.value })}
      />
      <p id="calendar-times-help" className="col-span-2 text-sm text-slate-600">
        Turnovers are due at the next check-in, or 24 hours after checkout when nothing is booked yet.
      </p>
    </div>
  );
}

function ShareFields({
  form,
  change,
  editing,
  plan,
}: {
  form: CalendarForm;
  change(patch: Partial<CalendarForm>): void;
  editing: CalendarDetail | null;
  plan: ReturnType<typeof useSubscription>['data'];
}) {
  const kept = editing?.share
    ? `Now shared with ${editing.share.maskedContact}. Type a contact to change it.`
    : null;
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Share each turnover</legend>
      <label htmlFor="calendar-share-on" className="flex items-start gap-2 text-sm text-slate-700">
        <Checkbox
          id="calendar-share-on"
          checked={form.shareOn}
          onChange={(event) => change({ shareOn: event.target.checked })}
        />
        Send each new turnover to a cleaner, with its link and code
      </label>
      {form.shareOn && (
        <div className="mt-3 space-y-3">
          <ChannelChoice form={form} change={change} />
          <LabelledInput
            id="calendar-recipient"
            label="Recipient's name"
            value={form.recipientName}
            onChange={(event) => change({ recipientName: event.target.value })}
          />
          <div>
            <Label htmlFor="calendar-contact">
              {form.channel === 'email' ? 'E-mail address' : 'Phone number'}
            </Label>
            <Input
              id="calendar-contact"
              className="mt-1.5"
              type={form.channel === 'email' ? 'email' : 'tel'}
              value={form.contact}
              placeholder={form.channel === 'email' ? 'cleaner@example.com' : '+1 555 123 4567'}
              onChange={(event) => change({ contact: event.target.value })}
            />
            {kept && <p className="mt-1.5 text-sm text-slate-600">{kept}</p>}
          </div>
          <LanguageSelect
            id="calendar-language"
            value={form.targetLanguage}
            onChange={(targetLanguage) => change({ targetLanguage })}
            plan={plan ? { tier: plan.tier, allowedLanguages: plan.allowedLanguages } : undefined}
          />
          <label htmlFor="calendar-consent" className="flex items-start gap-2 text-sm text-slate-700">
            <Checkbox
              id="calendar-consent"
              checked={form.consent}
              onChange={(event) => change({ consent: event.target.checked })}
            />
            {form.channel === 'email'
              ? 'The recipient agreed to receive these e-mails'
              : 'The recipient agreed to receive these text messages'}
          </label>
        </div>
      )}
    </fieldset>
  );
}

/** E-mail or SMS: changing it clears the contact typed for the other. */
function ChannelChoice({ form, change }: Omit<FieldsProps, 'editing'>) {
  return (
    <div role="radiogroup" aria-label="Send by" className="flex gap-4 text-sm">
      {(['email', 'sms'] as const).map((channel) => (
        <label key={channel} className="flex items-center gap-1.5">
          <input
            type="radio"
            name="calendar-channel"
            checked={form.channel === channel}
            onChange={() => change({ channel, contact: '' })}
            className="accent-indigo-600"
          />
          {channel === 'email' ? 'E-mail' : 'SMS'}
        </label>
      ))}
    </div>
  );
}

/** A text field with its label above it. */
function LabelledInput({ id, label, ...props }: { id: string; label: string } & ComponentProps<'input'>) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} className="mt-1.5" {...props} />
    </div>
  );
}
