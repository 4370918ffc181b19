import { Info, ListChecks, Loader2, Send } from 'lucide-react';
import { SHARE_LIMITS } from '#domain/sharing';
import { Button } from '../ui/button.tsx';
import { Input, Label } from '../ui/field.tsx';

/** The parts of the share form (share-form-view.tsx) around its language and contact tabs. */

/** Which checklist is being shared. */
export function SharedChecklistName({ name }: { name: string }) {
  return (
    <p className="flex items-center gap-2 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
      <ListChecks className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 truncate">
        <span className="sr-only">Checklist: </span>
        {name}
      </span>
    </p>
  );
}

export function RecipientNameField({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string;
  onChange(recipientName: string): void;
  disabled: boolean;
}) {
  return (
    <div>
      <Label htmlFor={id}>
        Recipient's name <span className="font-normal text-slate-500">(optional)</span>
      </Label>
      <Input
        id={id}
        autoComplete="off"
        placeholder="e.g. Jordan Smith"
        maxLength={SHARE_LIMITS.recipientNameMax}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        className="mt-1.5"
      />
    </div>
  );
}

/** What is still missing before the code can be sent (the send button is described by it). */
export function RequirementHint({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="flex items-start gap-2 text-sm text-slate-600" data-testid="share-requirement">
      <Info className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
      {message}
    </p>
  );
}

/** Cancel, and 'Send Verification Code' (described by the hint while something is missing). */
export function ShareFormActions({
  pending,
  canSend,
  describedBy,
  onCancel,
}: {
  pending: boolean;
  canSend: boolean;
  describedBy: string | undefined;
  onCancel(): void;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button
        type="submit"
        disabled={pending || !canSend}
        aria-busy={pending || undefined}
        aria-describedby={describedBy}
      >
        {pending ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : (
          <Send className="h-4 w-4" aria-hidden="true" />
        )}
        Send Verification Code
      </Button>
    </div>
  );
}
