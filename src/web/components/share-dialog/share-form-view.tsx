import { Info, ListChecks, Loader2, Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import { SHARE_LIMITS } from '#domain/sharing';
import { Button } from '../ui/button.tsx';
import { Input, Label } from '../ui/field.tsx';
import { ContactTabs } from './contact-tabs.tsx';
import { type LanguagePlan, LanguageSelect } from './language-select.tsx';
import { ErrorBanner } from './notices.tsx';
import { missingRequirement, type ShareFormProblem, type ShareFormState } from './share-form.ts';

export interface ShareFormViewProps {
  checklistName: string | null;
  form: ShareFormState;
  onChange(change: Partial<ShareFormState>): void;
  /** A check that failed on sending, or the server's refusal. */
  problem: ShareFormProblem | null;
  plan: LanguagePlan | undefined;
  pending: boolean;
  onSubmit(): void;
  onCancel(): void;
}

/** The share form: language, name, Email/Phone tabs, the error banner and 'Send Verification Code'. */
export function ShareFormView({
  checklistName,
  form,
  onChange,
  problem,
  plan,
  pending,
  onSubmit,
  onCancel,
}: ShareFormViewProps) {
  const id = useId();
  const addressRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const missing = missingRequirement(form);
  const errorId = `${id}-error`;
  const hintId = `${id}-missing`;

  // A failed check puts focus on the field it is about (the banner says what is wrong).
  useEffect(() => {
    if (problem?.field === 'email' || problem?.field === 'phone') addressRef.current?.focus();
    else if (problem?.field) consentRef.current?.focus();
  }, [problem]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form noValidate onSubmit={submit} className="mt-5 space-y-4" aria-label="Share by link and code">
      {checklistName && (
        <p className="flex items-center gap-2 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
          <ListChecks className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 truncate">
            <span className="sr-only">Checklist: </span>
            {checklistName}
          </span>
        </p>
      )}

      <LanguageSelect
        id={`${id}-language`}
        value={form.targetLanguage}
        onChange={(targetLanguage) => onChange({ targetLanguage })}
        plan={plan}
        disabled={pending}
      />

      <div>
        <Label htmlFor={`${id}-name`}>
          Recipient's name <span className="font-normal text-slate-500">(optional)</span>
        </Label>
        <Input
          id={`${id}-name`}
          autoComplete="off"
          placeholder="e.g. Jordan Smith"
          maxLength={SHARE_LIMITS.recipientNameMax}
          value={form.recipientName}
          onChange={(event) => onChange({ recipientName: event.target.value })}
          disabled={pending}
          className="mt-1.5"
        />
      </div>

      <ContactTabs
        id={id}
        form={form}
        onChange={onChange}
        invalidField={problem?.field ?? null}
        errorId={errorId}
        disabled={pending}
        addressRef={addressRef}
        consentRef={consentRef}
      />

      {problem && <ErrorBanner id={errorId} message={problem.message} />}

      {missing && !problem && (
        <p
          id={hintId}
          className="flex items-start gap-2 text-sm text-slate-600"
          data-testid="share-requirement"
        >
          <Info className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
          {missing.message}
        </p>
      )}

      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={pending || missing !== null}
          aria-busy={pending || undefined}
          aria-describedby={missing && !problem ? hintId : undefined}
        >
          {pending ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : (
            <Send className="h-4 w-4" aria-hidden="true" />
          )}
          Send Verification Code
        </Button>
      </div>
    </form>
  );
}
