import { Bell, Mail } from 'lucide-react';
import { useId } from 'react';
import { EMAIL_KIND_LABELS, EMAIL_KINDS, type EmailKind } from '#domain/notification-texts';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { DevelopersCard } from './settings/developers-card.tsx';
import { GlossaryCard } from './settings/glossary-card.tsx';
import { TeamCard } from './settings/team-card.tsx';
import { useSettingsDraft } from './settings/use-settings-draft.ts';

/** What each e-mail choice means, under its label. */
const EMAIL_HINTS: Record<EmailKind, string> = {
  submitted: 'With the completion report attached.',
  ticks: 'Only when “Also tell me at the first and the last tick” is on.',
  code_not_received: 'You can send a new code or change the contact from the notification.',
  link_locked: 'Someone tried too many wrong codes; a new link unlocks sharing.',
};

/**
 * The owner's settings: what they are told and which e-mails they get (decision 0024). Saved on the
 * server; every e-mail's own unsubscribe link turns off its line here.
 */
export default function SettingsPage() {
  useDocumentTitle('Settings');
  const { shown, ready, changed, saving, loadFailed, submit, setTickNotices, setEmail } = useSettingsDraft();
  const ids = useId();

  return (
    <PageContainer>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Settings</h1>
      <p className="mt-1 text-slate-600">Your team, and what you're told about your shared checklists.</p>

      <div className="mt-6 grid gap-4">
        <TeamCard />
        <GlossaryCard />
        <DevelopersCard />
      </div>

      <form onSubmit={submit} className="mt-4 grid max-w-2xl gap-4" aria-busy={!ready}>
        <Card className="p-5">
          <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <Bell className="h-4 w-4 text-indigo-600" aria-hidden="true" />
            In the app
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            You're always told when a recipient submits, didn't get a code, or when a link is locked.
          </p>
          <Choice
            id={`${ids}-ticks`}
            label="Also tell me at the first and the last tick"
            hint="When a recipient ticks the first task of a checklist, and when every task is ticked."
            checked={shown.tickNotices}
            disabled={!ready}
            onChange={setTickNotices}
          />
        </Card>

        <Card className="p-5">
          <fieldset>
            <legend className="flex items-center gap-2 text-base font-semibold text-slate-900">
              <Mail className="h-4 w-4 text-indigo-600" aria-hidden="true" />
              E-mail me when
            </legend>
            {EMAIL_KINDS.map((kind) => (
              <Choice
                key={kind}
                id={`${ids}-${kind}`}
                label={EMAIL_KIND_LABELS[kind]}
                hint={EMAIL_HINTS[kind]}
                checked={shown.email[kind]}
                disabled={!ready}
                onChange={(on) => setEmail(kind, on)}
              />
            ))}
          </fieldset>
        </Card>

        <div className="flex items-center gap-3">
          <Button type="submit" disabled={!changed || saving} data-testid="save-settings">
            {saving ? 'Saving…' : 'Save settings'}
          </Button>
          {loadFailed && (
            <p role="alert" className="text-sm text-red-700">
              Your settings could not be loaded. Please reload the page.
            </p>
          )}
        </div>
      </form>
    </PageContainer>
  );
}

function Choice({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange(on: boolean): void;
}) {
  return (
    <div className="mt-4 flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-indigo-600"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      </div>
    </div>
  );
}
