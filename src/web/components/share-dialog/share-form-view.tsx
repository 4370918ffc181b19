import { type FormEvent, useEffect, useId, useRef } from 'react';
import { ContactTabs } from './contact-tabs.tsx';
import { type LanguagePlan, LanguageSelect } from './language-select.tsx';
import { ErrorBanner } from './notices.tsx';
import { missingRequirement, type ShareFormProblem, type ShareFormState } from './share-form.ts';
import {
  RecipientNameField,
  RequirementHint,
  SharedChecklistName,
  ShareFormActions,
} from './share-form-fields.tsx';

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
      {checklistName && <SharedChecklistName name={checklistName} />}

      <LanguageSelect
        id={`${id}-language`}
        value={form.targetLanguage}
        onChange={(targetLanguage) => onChange({ targetLanguage })}
        plan={plan}
        disabled={pending}
      />

      <RecipientNameField
        id={`${id}-name`}
        value={form.recipientName}
        onChange={(recipientName) => onChange({ recipientName })}
        disabled={pending}
      />

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

      {missing && !problem && <RequirementHint id={hintId} message={missing.message} />}

      <ShareFormActions
        pending={pending}
        canSend={missing === null}
        describedBy={missing && !problem ? hintId : undefined}
        onCancel={onCancel}
      />
    </form>
  );
}
