import { X } from 'lucide-react';
import { DevelopmentBanner } from '../../components/development-banner.tsx';
import { landingDrawnForScript, ScriptTemplate } from '../../components/landing-templates.tsx';
import {
  EMPTY_EMAIL_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  MailingListDone,
  MailingListError,
  SIGNUP_FAILED_MESSAGE,
} from '../../components/mailing-list-form.tsx';
import {
  TOAST_CLOSE,
  TOAST_DESCRIPTION,
  TOAST_TITLE,
  TOAST_VIEWPORT,
  type ToastMessage,
  toastBox,
  toastDuration,
} from '../../components/ui/toast-style.ts';
import { translate } from '../../i18n/i18n.tsx';
import { SIGN_IN_FAILED_TITLE } from '../../lib/sign-in-popup.ts';

/** The toast a failed sign-in shows (use-auth.tsx says the same, with the app's toaster). */
const SIGN_IN_FAILED: ToastMessage = { title: SIGN_IN_FAILED_TITLE, variant: 'destructive' };

/**
 * What the landing page's own script (src/web/landing-page.ts, decision 0067) shows by itself, drawn
 * here with the app's styles and words: the sign-in's destructive toast (as the app's toaster draws it:
 * the same box, place, close button and time), the banner opened on a phone (with
 * `bannerClassName`, the page's), and the mailing list's answers. Nothing without
 * that script: the app's own landing page has its toaster and its form.
 */
export function LandingScriptParts({ bannerClassName }: { bannerClassName: string }) {
  if (!landingDrawnForScript()) return null;
  return (
    <>
      <ScriptTemplate name="toast">
        <div className={TOAST_VIEWPORT}>
          <div
            role="status"
            aria-live="polite"
            aria-atomic="true"
            data-testid="toast"
            data-duration={toastDuration(SIGN_IN_FAILED)}
            className={toastBox(SIGN_IN_FAILED)}
          >
            <span className={TOAST_TITLE}>{SIGN_IN_FAILED.title}</span>{' '}
            <span className={TOAST_DESCRIPTION} data-toast-description="" />
            <button
              type="button"
              aria-label={translate('common.close')}
              className={TOAST_CLOSE}
              data-toast-close=""
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          </div>
        </div>
      </ScriptTemplate>
      <ScriptTemplate name="banner-open">
        <DevelopmentBanner className={bannerClassName} initiallyOpen />
      </ScriptTemplate>
      <ScriptTemplate name="mailing-done">
        <MailingListDone />
      </ScriptTemplate>
      <ScriptTemplate name="mailing-empty">
        <MailingListError message={EMPTY_EMAIL_MESSAGE} />
      </ScriptTemplate>
      <ScriptTemplate name="mailing-invalid">
        <MailingListError message={INVALID_EMAIL_MESSAGE} />
      </ScriptTemplate>
      <ScriptTemplate name="mailing-failed">
        <MailingListError message={SIGNUP_FAILED_MESSAGE} />
      </ScriptTemplate>
    </>
  );
}
