import { Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { Schedule } from '#domain/schedules-response';
import type { TeamMember } from '#domain/teams';
import type { TemplateSummary } from '#domain/templates';
import { Button } from '../../components/ui/button.tsx';
import { ModalDialog } from '../../components/ui/dialog.tsx';
import { useScheduleActions } from '../../hooks/use-schedules.ts';
import { teamFailure } from '../../hooks/use-team-actions.ts';
import { useTemplates } from '../../hooks/use-templates.ts';
import { useToast } from '../../hooks/use-toast.ts';
import { isApiError } from '../../lib/api.ts';
import {
  type FieldsProps,
  RecurrenceFields,
  SelectField,
  ShareFields,
  TextField,
} from './schedule-fields.tsx';
import {
  checkScheduleForm,
  emptyScheduleForm,
  type FormProblems,
  fieldOfPath,
  type ScheduleFormState,
  scheduleFormOf,
} from './schedule-form.ts';

export interface ScheduleDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The schedule to edit; none for 'New schedule'. */
  schedule?: Schedule | undefined;
  members: readonly TeamMember[];
}

/** The server's answer as messages under the fields it names (else one for the form). */
function problemsOf(error: unknown): FormProblems {
  if (isApiError(error) && error.code === 'validation_failed') {
    const issues = (error.body as { error?: { issues?: { path: string; message: string }[] } } | null)?.error
      ?.issues;
    const problems: FormProblems = {};
    for (const issue of issues ?? []) problems[fieldOfPath(issue.path)] ??= issue.message;
    if (Object.keys(problems).length > 0) return problems;
  }
  return { form: teamFailure(error) };
}

/** The form holds the schedule's share as saved (so its consent stands). */
function shareUnchanged(form: ScheduleFormState, schedule: Schedule): boolean {
  const saved = schedule.share;
  if (!saved || !form.shareOn) return false;
  const contact = form.channel === 'email' ? form.email.trim().toLowerCase() : form.phone.trim();
  return (
    form.channel === saved.channel &&
    contact === (saved.channel === 'email' ? saved.email : saved.phone) &&
    form.recipientName.trim() === saved.recipientName &&
    form.targetLanguage === saved.targetLanguage
  );
}

/**
 * 'New schedule' and 'Edit schedule': the template, a name, when it runs (frequency, weekdays, time,
 * the zone, the browser's by default), when the checklist is due, who it is assigned to and an
 * optional automatic share with the recipient's consent. Checked with the server's own schema first.
 */
/** The dialog's state: the form, its problems and the save (create or change). */
function useScheduleForm(open: boolean, schedule: Schedule | undefined, onDone: () => void) {
  const { toast } = useToast();
  const { create, update } = useScheduleActions();
  const templates = useTemplates(open);
  const [form, setForm] = useState<ScheduleFormState>(emptyScheduleForm);
  const [problems, setProblems] = useState<FormProblems>({});

  useEffect(() => {
    if (!open) return;
    setForm(schedule ? scheduleFormOf(schedule) : emptyScheduleForm());
    setProblems({});
  }, [open, schedule]);

  // A new schedule starts from the first template once they are known.
  const firstTemplate = templates.data?.[0]?.id;
  useEffect(() => {
    if (open && !schedule && firstTemplate)
      setForm((current) => (current.templateId ? current : { ...current, templateId: firstTemplate }));
  }, [open, schedule, firstTemplate]);

  const change = (next: Partial<ScheduleFormState>) => {
    setForm((current) => ({ ...current, ...next }));
    setProblems((current) => {
      const cleared = { ...current, form: undefined };
      for (const key of Object.keys(next)) delete cleared[key as keyof FormProblems];
      return cleared;
    });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const keepShare = schedule ? shareUnchanged(form, schedule) : false;
    // An unchanged share keeps the consent given when it was saved; a changed or new one asks again.
    const checked = checkScheduleForm(keepShare ? { ...form, consent: true } : form);
    if (!checked.body) {
      setProblems(checked.problems);
      return;
    }
    try {
      if (schedule) {
        const { share, ...rest } = checked.body;
        await update.mutateAsync({ id: schedule.id, patch: keepShare ? rest : { ...rest, share } });
      } else {
        await create.mutateAsync(checked.body);
      }
      toast({ title: schedule ? 'Schedule saved' : 'Schedule created' });
      onDone();
    } catch (error) {
      setProblems(problemsOf(error));
    }
  }

  return { form, problems, change, submit, templates, pending: create.isPending || update.isPending };
}

export function ScheduleDialog({ open, onOpenChange, schedule, members }: ScheduleDialogProps) {
  const id = useId();
  const state = useScheduleForm(open, schedule, () => onOpenChange(false));
  const { form, problems, change, pending } = state;
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={schedule ? 'Edit schedule' : 'New schedule'}
      description="A fresh checklist from the template on each run, with nothing ticked."
      busy={pending}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-xl"
    >
      <form className="mt-4 space-y-5" onSubmit={(event) => void state.submit(event)} noValidate>
        <WhatFields
          id={id}
          form={form}
          problems={problems}
          onChange={change}
          templates={state.templates.data}
          loading={state.templates.isLoading}
        />
        <RecurrenceFields id={id} form={form} problems={problems} onChange={change} />
        <WhoFields id={id} form={form} problems={problems} onChange={change} members={members} />
        <ShareFields id={id} form={form} problems={problems} onChange={change} />
        {problems.form && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {problems.form}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
            {pending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            {schedule ? 'Save schedule' : 'Create schedule'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

function WhatFields({
  templates,
  loading,
  ...props
}: FieldsProps & { templates: TemplateSummary[] | undefined; loading: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        {...props}
        name="templateId"
        label="Template"
        options={(templates ?? []).map((template) => ({ value: template.id, label: template.name }))}
        placeholder={props.form.templateId ? undefined : loading ? 'Loading templates…' : 'Choose a template'}
      />
      <TextField
        {...props}
        name="name"
        label="Name"
        hint="Each checklist is named after it and its date."
        placeholder="The template's name"
      />
    </div>
  );
}

function WhoFields({ members, ...props }: FieldsProps & { members: readonly TeamMember[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        {...props}
        name="dueAfterHours"
        label="Due after (hours)"
        hint="Leave empty for no due time."
        type="number"
        inputMode="decimal"
        min={1}
        step="any"
      />
      <SelectField
        {...props}
        name="assigneeUid"
        label="Assign to"
        placeholder="Nobody"
        options={members.map((member) => ({ value: member.uid, label: member.displayName || member.email }))}
      />
    </div>
  );
}
