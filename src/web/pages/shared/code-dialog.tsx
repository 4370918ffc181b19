import { CheckCircle2, MailCheck } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { type ResendResponse, SHARE_LIMITS, type VerifyResponse } from '#domain/sharing';
import { Button } from '../../components/ui/button.tsx';
import { Input, Label } from '../../components/ui/field.tsx';
import { PageDialog } from '../../components/ui/page-dialog.tsx';
import { richText, type Translate, useT, useUiLanguage } from '../../i18n/i18n.tsx';
import { isApiError } from '../../lib/api.ts';
import { getPublicConfig } from '../../lib/public-config.ts';
import { resendFailureMessage, retryAfterOf } from './code-messages.ts';
import { drawnApiError, drawnCodeScreen } from './drawn-code-screen.ts';
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
  const { problem, verify, t, language } = dialog;
  return (
    // A real form (decision 0061): posted to the page's own URL, the server verifies and answers with
    // the checklist's page or this screen with the problem. The app's code, where it runs, sends it itself.
    <form
      method="post"
      noValidate
      onSubmit={dialog.submit}
      className="mt-5"
      data-code-part="verify"
      data-accepted={t('code.accepted')}
    >
      <Label htmlFor={inputId}>{t('code.label')}</Label>
      <Input
        id={inputId}
        // The dialog is the page: its one field is where the recipient starts.
        autoFocus
        name="code"
        ref={dialog.field}
        defaultValue={drawnCodeScreen()?.code ?? ''}
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
        disabled={verify.isPending}
        aria-busy={verify.isPending || undefined}
        data-busy-label={t('code.verifying')}
      >
        {verify.isPending ? t('code.verifying') : t('code.verify')}
      </Button>
    </form>
  );
}

/** Where the seconds go in `data-wait-label` (the same mark in src/web/code-screen.ts). */
const WAIT_MARK = '{seconds}';

/** The wait a drawn screen starts with: the interval after a code was sent, or the server's Retry-After. */
function drawnWait(drawn: ReturnType<typeof drawnCodeScreen>): number {
  if (drawn?.resent) return SHARE_LIMITS.resendIntervalSeconds;
  return drawn?.resendError?.retryAfterSeconds ?? 0;
}

/** 'Resend code': a new code to the contact the sender chose, at most one per 30 seconds. */
function ResendCode({ token, onSent }: { token: string; onSent(): void }) {
  const resend = useResendCode(token);
  const drawn = drawnCodeScreen();
  const cooldown = useCountdown(drawnWait(drawn));
  const [sent, setSent] = useState<ResendResponse | null>(drawn?.resent ?? null);
  const [problem, setProblem] = useState<Problem | null>(() => {
    const failed = drawn?.resendError;
    return failed ? (say: Translate) => resendFailureMessage(say, drawnApiError(failed)) : null;
  });
  const t = useT();
  const language = useUiLanguage();

  function send(event: FormEvent) {
    event.preventDefault();
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
    <div className="mt-5 border-t border-slate-200 pt-4" data-code-part="resend">
      <p className="text-sm text-slate-600">{t('code.noCode')}</p>
      <form method="post" onSubmit={send}>
        <input type="hidden" name="intent" value="resend" />
        <Button
          type="submit"
          variant="subtle"
          size="sm"
          className="-ms-3 tabular-nums"
          disabled={waiting || resend.isPending}
          aria-busy={resend.isPending || undefined}
          data-busy-label={t('code.sending')}
          // For the screen's own script (src/web/code-screen.ts), which counts the wait down without React.
          data-wait-seconds={waiting ? cooldown.secondsLeft : undefined}
          data-wait-label={waiting ? t('code.resendIn', { seconds: WAIT_MARK }) : undefined}
          data-ready-label={waiting ? t('code.resend') : undefined}
        >
          {resend.isPending
            ? t('code.sending')
            : waiting
              ? t('code.resendIn', { seconds: cooldown.secondsLeft })
              : t('code.resend')}
        </Button>
      </form>
      {sent && <CodeSentTo sent={sent} />}
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

/** Where the new code went, and for how long it is valid. */
function CodeSentTo({ sent }: { sent: ResendResponse }) {
  const t = useT();
  return (
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
  );
}

/**
 * 'I didn't get a code': tells the person who shared the link, who can send a new code or change the
 * contact. The server lets one through per link every 30 minutes (then: they have been told).
 */
function TellOwnerNoCode({ token }: { token: string }) {
  const tell = useTellOwnerNoCode(token);
  const t = useT();
  // Drawn by the server after a post of this form (drawn-code-screen.ts); the app's own answer after.
  const drawn = tell.isIdle ? drawnCodeScreen()?.told : undefined;
  const alreadyTold = drawn === 'already' || (isApiError(tell.error) && tell.error.status === 429);
  const told = tell.isSuccess || drawn === 'told' || alreadyTold;
  return (
    <div className="mt-3">
      {!told && (
        <form
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            tell.mutate();
          }}
        >
          <input type="hidden" name="intent" value="code-not-received" />
          <Button
            type="submit"
            variant="subtle"
            size="sm"
            className="-ms-3"
            disabled={tell.isPending}
            aria-busy={tell.isPending || undefined}
            data-busy-label={t('code.sending')}
            data-testid="code-not-received"
          >
            {tell.isPending ? t('code.sending') : t('code.notReceived')}
          </Button>
        </form>
      )}
      {told && (
        <p role="status" className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
          {alreadyTold ? t('code.ownerAlreadyTold') : t('code.ownerTold')}
        </p>
      )}
      {(tell.isError || drawn === 'failed') && !told && (
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
