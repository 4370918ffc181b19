import { CheckCircle2, MailCheck } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { type ResendResponse, SHARE_LIMITS, type VerifyResponse } from '#domain/sharing';
import { Button } from '../../components/ui/button.tsx';
import { Input, Label } from '../../components/ui/field.tsx';
import { PageDialog } from '../../components/ui/page-dialog.tsx';
import { richText, type Translate, useT, useUiLanguage } from '../../i18n/i18n.tsx';
import { isApiError } from '../../lib/api.ts';
import { getPublicConfig } from '../../lib/public-config.ts';
import { resendFailureMessage, retryAfterOf } from './code-messages.ts';
import { type CodeDialogState, type Problem, useCodeDialog } from './use-code-dialog.ts';
import { useCountdown } from './use-countdown.ts';
import { useResendCode, useTellOwnerNoCode } from './use-share-access.ts';

/**
 * The verification dialog of the shared page (spec sections 2, 4, 5): the 6-digit code, the server's
 * answer under it, and a new code on request. It cannot be closed: without the code there is nothing
 * behind it to see.
 */
export function CodeDialog({
  token,
  accessEnded,
  onVerified,
  aside,
}: {
  token: string;
  /** This browser had access and it ended: it must verify again. */
  accessEnded: boolean;
  onVerified(response: VerifyResponse): void;
  /** Beside the title: the page's language switch, within reach before the code is entered. */
  aside?: ReactNode;
}) {
  const ids = useId();
  const dialog = useCodeDialog(token, onVerified);
  const { t } = dialog;

  return (
    <PageDialog
      title={t('code.title')}
      description={accessEnded ? t('code.accessEnded') : t('code.intro')}
      aside={aside}
    >
      {dialog.verify.isSuccess ? (
        <p
          role="status"
          className="mt-5 flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-3 text-sm font-medium text-green-800"
        >
          <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden="true" />
          {t('code.accepted')}
        </p>
      ) : (
        <>
          <CodeForm ids={ids} dialog={dialog} />
          <ResendCode token={token} onSent={() => dialog.setProblem(null)} />
        </>
      )}
    </PageDialog>
  );
}

/** The code's field, what is wrong with it, the hint and Verify. */
function CodeForm({ ids, dialog }: { ids: string; dialog: CodeDialogState }) {
  const inputId = `${ids}-code`;
  const hintId = `${ids}-hint`;
  const problemId = `${ids}-problem`;
  const { problem, verify, t, language, hydrated } = dialog;
  return (
    <form noValidate onSubmit={dialog.submit} className="mt-5">
      <Label htmlFor={inputId}>{t('code.label')}</Label>
      <Input
        id={inputId}
        // The dialog is the page: its one field is where the recipient starts.
        autoFocus
        name="code"
        ref={dialog.field}
        defaultValue=""
        onChange={(event) => dialog.change(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={SHARE_LIMITS.codeDigits}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${problemId} ${hintId}` : hintId}
        dir="ltr"
        className="mt-1.5 h-14 ps-[calc(0.75rem+0.4em)] text-center font-mono text-2xl tracking-[0.4em]"
      />
      {problem && (
        <p id={problemId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {problem(t, language)}
        </p>
      )}
      <p id={hintId} className="mt-2 text-sm text-slate-600">
        {t('code.hint')}
      </p>
      <Button
        type="submit"
        size="lg"
        className="mt-4 w-full"
        // Before hydration a press would submit the form natively: the page reloaded, the code in its URL.
        disabled={verify.isPending || !hydrated}
        aria-busy={verify.isPending || undefined}
      >
        {verify.isPending ? t('code.verifying') : t('code.verify')}
      </Button>
    </form>
  );
}

/** 'Resend code': a new code to the contact the sender chose, at most one per 30 seconds. */
function ResendCode({ token, onSent }: { token: string; onSent(): void }) {
  const resend = useResendCode(token);
  const cooldown = useCountdown();
  const [sent, setSent] = useState<ResendResponse | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const t = useT();
  const language = useUiLanguage();

  function send() {
    setProblem(null);
    resend.mutate(undefined, {
      onSuccess: (response) => {
        setSent(response);
        cooldown.start(SHARE_LIMITS.resendIntervalSeconds);
        onSent();
      },
      onError: (error) => {
        if (!isApiError(error)) console.warn('Asking for a new code failed', error);
        setSent(null);
        setProblem(() => (say: Translate) => resendFailureMessage(say, error));
        const wait = retryAfterOf(error);
        if (wait !== null) cooldown.start(wait);
      },
    });
  }

  const waiting = cooldown.secondsLeft > 0;
  const localCode = getPublicConfig().localMode ? sent?.verificationCode : undefined;
  return (
    <div className="mt-5 border-t border-slate-200 pt-4">
      <p className="text-sm text-slate-600">{t('code.noCode')}</p>
      <Button
        variant="subtle"
        size="sm"
        className="-ms-3 tabular-nums"
        onClick={send}
        disabled={waiting || resend.isPending}
        aria-busy={resend.isPending || undefined}
      >
        {resend.isPending
          ? t('code.sending')
          : waiting
            ? t('code.resendIn', { seconds: cooldown.secondsLeft })
            : t('code.resend')}
      </Button>
      {sent && (
        <p
          role="status"
          className="mt-2 flex items-start gap-2 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-900"
        >
          <MailCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            {richText(
              t,
              'code.sent',
              {
                contact: (
                  <bdi dir="ltr" className="font-semibold wrap-anywhere">
                    {sent.maskedContact}
                  </bdi>
                ),
              },
              { minutes: SHARE_LIMITS.codeValidMinutes },
            )}
          </span>
        </p>
      )}
      {problem && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {problem(t, language)}
        </p>
      )}
      {localCode && <LocalModeCode code={localCode} />}
      <TellOwnerNoCode token={token} />
    </div>
  );
}

/**
 * 'I didn't get a code': tells the person who shared the link, who can send a new code or change the
 * contact. The server lets one through per link every 30 minutes (then: they have been told).
 */
function TellOwnerNoCode({ token }: { token: string }) {
  const tell = useTellOwnerNoCode(token);
  const t = useT();
  const told = tell.isSuccess || (isApiError(tell.error) && tell.error.status === 429);
  return (
    <div className="mt-3">
      {!told && (
        <Button
          variant="subtle"
          size="sm"
          className="-ms-3"
          onClick={() => tell.mutate()}
          disabled={tell.isPending}
          aria-busy={tell.isPending || undefined}
          data-testid="code-not-received"
        >
          {tell.isPending ? t('code.sending') : t('code.notReceived')}
        </Button>
      )}
      {told && (
        <p role="status" className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
          {tell.isSuccess ? t('code.ownerTold') : t('code.ownerAlreadyTold')}
        </p>
      )}
      {tell.isError && !told && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {t('code.tellOwnerFailed')}
        </p>
      )}
    </div>
  );
}

/** Local mode only: nothing was really sent, so the code is shown here (docs/modes-and-limits.md "Modes": never a silent fallback). */
function LocalModeCode({ code }: { code: string }) {
  const titleId = useId();
  const t = useT();
  return (
    <section
      aria-labelledby={titleId}
      className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <h3 id={titleId} className="font-semibold">
        {t('code.localTitle')}
      </h3>
      <p className="mt-0.5">
        {richText(t, 'code.localText', {
          code: (
            <span className="font-mono text-base font-bold tracking-widest" data-testid="local-mode-code">
              {code}
            </span>
          ),
        })}
      </p>
    </section>
  );
}
