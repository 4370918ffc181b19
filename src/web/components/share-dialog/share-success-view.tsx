import { CheckCircle2, Loader2, RefreshCw } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { SHARE_LIMITS, type ShareResponse } from '#domain/sharing';
import { Button } from '../ui/button.tsx';
import { CopyLinkField } from './copy-link-field.tsx';
import { ErrorBanner, LocalCodeBox } from './notices.tsx';

export interface ShareSuccessViewProps {
  result: ShareResponse;
  /** Local mode: the response's code is shown in a labelled box. */
  localMode: boolean;
  /** Set once 'Generate new link' has replaced the link. */
  regenerated: boolean;
  /** A failed 'Generate new link' (the link above still works). */
  error: string | null;
  pending: boolean;
  onGenerateNewLink(): void;
  onDone(): void;
}

/** Where the code went, in words: 'by email to j•••e@example.com'. */
function deliveredTo(result: ShareResponse): string {
  if (result.maskedPhone && (result.channel === 'sms' || !result.maskedEmail)) {
    return `by text message to ${result.maskedPhone}`;
  }
  return `by email to ${result.maskedEmail ?? 'the recipient'}`;
}

/** After a send: where the code went, the link with Copy, Done, and 'Generate new link'. */
export function ShareSuccessView({
  result,
  localMode,
  regenerated,
  error,
  pending,
  onGenerateNewLink,
  onDone,
}: ShareSuccessViewProps) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form's controls are gone: focus moves to the confirmation, which a screen reader then reads.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className="mt-5 space-y-4" data-testid="share-success">
      <div className="rounded-xl border border-green-200 bg-green-50 p-3 text-green-900">
        <h3
          ref={headingRef}
          tabIndex={-1}
          className="flex items-center gap-2 font-semibold focus:outline-none"
          aria-describedby={`${id}-sent`}
        >
          <CheckCircle2 className="h-5 w-5 shrink-0 text-green-600" aria-hidden="true" />
          Verification code sent
        </h3>
        <p id={`${id}-sent`} className="mt-1 text-sm" data-testid="share-sent-to">
          We sent the link and a {SHARE_LIMITS.codeDigits}-digit code {deliveredTo(result)}. The recipient
          opens the link and enters the code, which is valid for {SHARE_LIMITS.codeValidMinutes} minutes.
        </p>
      </div>

      {regenerated && (
        <p role="status" className="text-sm font-medium text-slate-700">
          New link created. The previous link no longer works.
        </p>
      )}

      <CopyLinkField key={result.shareUrl} link={result.shareUrl} />

      {localMode && result.verificationCode && <LocalCodeBox code={result.verificationCode} />}

      {error && <ErrorBanner message={error} />}

      <div className="border-t border-slate-100 pt-4">
        <Button
          variant="subtle"
          size="sm"
          className="-ml-3"
          onClick={onGenerateNewLink}
          disabled={pending}
          aria-busy={pending || undefined}
          aria-describedby={`${id}-new-link`}
        >
          {pending ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : (
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
          )}
          Generate new link
        </Button>
        <p id={`${id}-new-link`} className="mt-1 text-sm text-slate-600">
          The current link stops working at once, and anyone who opened it must verify again. A new code goes
          to the same contact.
        </p>
      </div>

      <div className="flex justify-end">
        <Button onClick={onDone} className="w-full sm:w-auto sm:min-w-24">
          Done
        </Button>
      </div>
    </div>
  );
}
