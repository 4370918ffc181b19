import { type ComponentProps, type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Input, Label } from '../../components/ui/field.tsx';
import { teamFailure } from '../../hooks/use-team-actions.ts';
import { issuesByField } from './form-issues.ts';

/** A labelled text field with its hint, or in its place what is wrong with it. */
export function TextField({
  id,
  label,
  hint,
  issue,
  ...input
}: { id: string; label: string; hint: ReactNode; issue: string | undefined } & Omit<
  ComponentProps<'input'>,
  'id'
>) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={issue ? true : undefined}
        aria-describedby={issue ? `${id}-issue` : `${id}-hint`}
        {...input}
      />
      {issue ? (
        <p id={`${id}-issue`} className="text-sm text-red-700">
          {issue}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The server's refusal, if any, then submit and cancel. */
export function FormFooter({
  failure,
  pending,
  submitLabel,
  pendingLabel,
  onCancel,
}: {
  failure: string | null;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onCancel(): void;
}) {
  return (
    <>
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}

/** The look of an inline form (New token, Add webhook). */
export const INLINE_FORM = 'mt-4 grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4';

interface Parsed<Data> {
  success: boolean;
  data?: Data;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}

/**
 * An inline form's sending: the endpoint's schema first (each field's first issue shown beside it,
 * nothing sent), then the call; the server's refusal is kept for FormFooter.
 */
export function useFormSubmit<Field extends string, Data, Answer>(
  parse: () => Parsed<Data>,
  send: (data: Data) => Promise<Answer>,
  done: (answer: Answer) => void,
) {
  const [issues, setIssues] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = parse();
    setIssues(issuesByField<Field>(parsed.error?.issues ?? []));
    if (!parsed.success || parsed.data === undefined) return;
    try {
      done(await send(parsed.data));
    } catch (error) {
      setFailure(teamFailure(error));
    }
  }
  return { issues, failure, onSubmit: (event: FormEvent) => void submit(event) };
}
